/**
 * Stubs of the modules the mobile (Expo) templates import; the preview's mobile runtime provides them. Shorthand
 * declarations: every import from them is untyped.
 */
declare module 'react-native';
declare module '@expo/vector-icons';
declare module '@react-native-async-storage/async-storage';
declare module 'expo-router';
declare module 'react-native-safe-area-context';
