/**
 * @module The pinned dependencies of an exported Expo project: Expo SDK 58 and the versions its
 * `bundledNativeModules.json` names for what the preview's mobile runtime stands in for (react-native,
 * expo-router, @expo/vector-icons, safe-area-context, async-storage, status-bar, linear-gradient) — what
 * `npx expo install` would choose. Expo 58 needs Node 22.13 or newer on the developer's machine.
 */

export const EXPO_DEPENDENCIES: Readonly<Record<string, string>> = Object.freeze({
  '@expo/vector-icons': '^15.0.2',
  '@react-native-async-storage/async-storage': '2.2.0',
  expo: '58.0.0',
  'expo-constants': '~58.0.9',
  'expo-linear-gradient': '~58.0.2',
  'expo-linking': '~58.0.9',
  'expo-router': '~58.0.10',
  'expo-status-bar': '~58.0.2',
  react: '19.3.0',
  'react-dom': '19.3.0',
  'react-native': '0.88.0-rc.3',
  'react-native-safe-area-context': '~5.9.1',
  'react-native-screens': '~4.28.0',
  'react-native-web': '~0.21.0',
});

export const EXPO_DEV_DEPENDENCIES: Readonly<Record<string, string>> = Object.freeze({
  '@types/react': '^19.3.0',
  typescript: '~5.9.3',
});
