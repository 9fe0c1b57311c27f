/** The permission response shape Expo modules share (expo-modules-core), for the web stand-ins. */
export type PermissionStatus = 'granted' | 'denied' | 'undetermined';

export const PermissionStatus = {
  GRANTED: 'granted',
  DENIED: 'denied',
  UNDETERMINED: 'undetermined',
} as const;

export interface PermissionResponse {
  status: PermissionStatus;
  granted: boolean;
  canAskAgain: boolean;
  expires: 'never';
}

/** A permission response for `status`. */
export function permission(status: PermissionStatus): PermissionResponse {
  return { status, granted: status === 'granted', canAskAgain: status !== 'denied', expires: 'never' };
}

/** The browser's own answer for a permission name, `undetermined` where it cannot tell (it asks on use). */
export async function browserPermission(name: 'geolocation' | 'camera'): Promise<PermissionResponse> {
  try {
    const state = (await navigator.permissions.query({ name: name as PermissionName })).state;
    return permission(state === 'granted' ? 'granted' : state === 'denied' ? 'denied' : 'undetermined');
  } catch {
    return permission('undetermined');
  }
}
