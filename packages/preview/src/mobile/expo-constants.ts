/**
 * @module
 * `expo-constants` for the mobile preview: models read `Constants.expoConfig?.version`, `statusBarHeight` and
 * `platform` for footers and headers. The preview has no app.json, so the config is a stand-in's: name "app",
 * version "1.0.0"; the status bar height is the device frame's.
 */

/** The device frame's status bar, in points (see the mobile preview frame). */
const STATUS_BAR_HEIGHT = 44;

const expoConfig = {
  name: 'app',
  slug: 'app',
  version: '1.0.0',
  sdkVersion: undefined as string | undefined,
};

export const ExecutionEnvironment = {
  Bare: 'bare',
  Standalone: 'standalone',
  StoreClient: 'storeClient',
} as const;

const Constants = {
  expoConfig,
  manifest: expoConfig,
  appOwnership: null,
  executionEnvironment: ExecutionEnvironment.StoreClient,
  statusBarHeight: STATUS_BAR_HEIGHT,
  deviceName: 'Kiln preview',
  isDevice: false,
  sessionId: 'preview',
  platform: { web: { ua: typeof navigator === 'undefined' ? '' : navigator.userAgent } },
  systemFonts: [] as string[],
};

export default Constants;
