/**
 * @module The pinned dependencies of an exported Expo project: Expo SDK 58 (58.0.26) and the versions its
 * `bundledNativeModules.json` names for what the preview's mobile runtime stands in for (react-native,
 * expo-router, @expo/vector-icons, safe-area-context, async-storage, status-bar, linear-gradient) — what
 * `npx expo install` would choose. The set must resolve with a plain `npm install` (no `--legacy-peer-deps`):
 * a react-native release candidate, say, satisfies no library's `>=0.65` peer range (e2e export-anywhere
 * resolves the set). Expo 58 needs Node 22.13 or newer on the developer's machine.
 */

export const EXPO_DEPENDENCIES: Readonly<Record<string, string>> = Object.freeze({
  '@expo/vector-icons': '^15.0.2',
  '@react-native-async-storage/async-storage': '2.2.0',
  expo: '58.0.26',
  'expo-constants': '~58.0.16',
  'expo-linear-gradient': '~58.0.4',
  'expo-linking': '~58.0.5',
  'expo-router': '~58.0.6',
  'expo-status-bar': '~58.0.5',
  react: '19.3.0',
  'react-dom': '19.3.0',
  'react-native': '0.88.1',
  'react-native-safe-area-context': '~5.11.1',
  'react-native-screens': '~4.30.1',
  'react-native-web': '~0.21.4',
});

export const EXPO_DEV_DEPENDENCIES: Readonly<Record<string, string>> = Object.freeze({
  '@types/react': '^19.3.0',
  typescript: '~5.9.3',
});
