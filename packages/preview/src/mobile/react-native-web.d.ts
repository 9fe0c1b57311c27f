// The parts of react-native-web the preview's own mobile modules use (the package ships no types).
declare module 'react-native-web' {
  import type { ComponentType } from 'react';
  export const View: ComponentType<Record<string, unknown>>;
  export const Text: ComponentType<Record<string, unknown>>;
  export const Image: ComponentType<Record<string, unknown>>;
  export const ImageBackground: ComponentType<Record<string, unknown>>;
  export const StyleSheet: {
    flatten(style: unknown): Record<string, unknown> | undefined;
    create<T>(styles: T): T;
  };
}
