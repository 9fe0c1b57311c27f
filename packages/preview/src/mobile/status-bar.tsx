/** `expo-status-bar` for the mobile preview: the device frame draws the status bar, so this renders nothing. */
export function StatusBar(_props: { style?: string; [prop: string]: unknown }) {
  return null;
}
export function setStatusBarStyle(_style: string): void {}
export function setStatusBarHidden(_hidden: boolean): void {}
