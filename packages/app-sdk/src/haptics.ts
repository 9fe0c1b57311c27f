/**
 * @module Haptics for generated apps on the web: the spec's vibration patterns through `navigator.vibrate`;
 * where the browser has none, a one-time warning (`featureNotSupportedOnWeb`) and no error.
 */
import { HAPTIC_PATTERNS, type HapticPattern } from '@kiln/core/device';
import { MESSAGES } from '@kiln/core/messages';

const warned = new Set<string>();

/** The part of `navigator` haptics use. */
export type Vibrator = { vibrate?: (pattern: number[]) => boolean };

function vibrate(pattern: readonly number[], feature: string, nav: Vibrator | undefined): boolean {
  if (nav && typeof nav.vibrate === 'function') return nav.vibrate([...pattern]);
  if (!warned.has(feature)) {
    warned.add(feature);
    console.warn(`${feature} ${MESSAGES.notSupportedOnWeb}`);
  }
  return false;
}

/** Play a named haptic pattern (success, warning, error, light, medium, heavy, soft, rigid, selection). */
export function haptic(kind: HapticPattern, nav: Vibrator | undefined = globalThis.navigator): boolean {
  return vibrate(HAPTIC_PATTERNS[kind], `Haptics.${kind}`, nav);
}
