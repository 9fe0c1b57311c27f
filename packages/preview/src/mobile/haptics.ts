/**
 * `expo-haptics` for the preview and published web builds: each feedback plays the spec's vibration pattern
 * through `navigator.vibrate` (@kiln/app-sdk); where the browser cannot vibrate, one warning and no error.
 */
import { haptic } from '@kiln/app-sdk';

export const ImpactFeedbackStyle = {
  Light: 'light',
  Medium: 'medium',
  Heavy: 'heavy',
  Soft: 'soft',
  Rigid: 'rigid',
} as const;
export type ImpactFeedbackStyle = (typeof ImpactFeedbackStyle)[keyof typeof ImpactFeedbackStyle];

export const NotificationFeedbackType = { Success: 'success', Warning: 'warning', Error: 'error' } as const;
export type NotificationFeedbackType =
  (typeof NotificationFeedbackType)[keyof typeof NotificationFeedbackType];

/** A tap of the given weight (default medium). */
export async function impactAsync(style: ImpactFeedbackStyle = ImpactFeedbackStyle.Medium): Promise<void> {
  haptic(style);
}

/** The success / warning / error pattern (default success). */
export async function notificationAsync(
  type: NotificationFeedbackType = NotificationFeedbackType.Success,
): Promise<void> {
  haptic(type);
}

/** The light tick of a selection change. */
export async function selectionAsync(): Promise<void> {
  haptic('selection');
}
