/**
 * `expo-location` for the preview and published web builds, over `navigator.geolocation`: permissions, the
 * current and last known position and watching it, in Expo's shapes. Geocoding has no web implementation in
 * Expo either: it fails with the catalogue's `featureNotSupportedOnWeb` message, never silently.
 */
import { MESSAGES } from '@kiln/core/messages';
import { browserPermission, type PermissionResponse, permission } from './permissions';

export { PermissionStatus } from './permissions';

export const Accuracy = {
  Lowest: 1,
  Low: 2,
  Balanced: 3,
  High: 4,
  Highest: 5,
  BestForNavigation: 6,
} as const;

export interface LocationObject {
  coords: {
    latitude: number;
    longitude: number;
    altitude: number | null;
    accuracy: number | null;
    altitudeAccuracy: number | null;
    heading: number | null;
    speed: number | null;
  };
  timestamp: number;
  mocked?: boolean;
}

export interface LocationOptions {
  accuracy?: number;
  timeInterval?: number;
  distanceInterval?: number;
  mayShowUserSettingsDialog?: boolean;
}

let last: LocationObject | null = null;

function toLocation(p: GeolocationPosition): LocationObject {
  const c = p.coords;
  last = {
    coords: {
      latitude: c.latitude,
      longitude: c.longitude,
      altitude: c.altitude,
      accuracy: c.accuracy,
      altitudeAccuracy: c.altitudeAccuracy,
      heading: c.heading,
      speed: c.speed,
    },
    timestamp: p.timestamp,
  };
  return last;
}

const positionOptions = (o: LocationOptions = {}): PositionOptions => ({
  enableHighAccuracy: (o.accuracy ?? Accuracy.Balanced) >= Accuracy.High,
  maximumAge: o.timeInterval ?? 0,
  timeout: 30_000,
});

function geolocation(): Geolocation {
  if (!('geolocation' in navigator)) throw new Error(MESSAGES.featureNotSupportedOnWeb('Location'));
  return navigator.geolocation;
}

export function getForegroundPermissionsAsync(): Promise<PermissionResponse> {
  return browserPermission('geolocation');
}

/** Asks the browser (by reading the position once when it has not decided yet). */
export async function requestForegroundPermissionsAsync(): Promise<PermissionResponse> {
  const now = await browserPermission('geolocation');
  if (now.status !== 'undetermined') return now;
  return new Promise((resolve) => {
    geolocation().getCurrentPosition(
      (p) => {
        toLocation(p);
        resolve(permission('granted'));
      },
      (e) => resolve(permission(e.code === e.PERMISSION_DENIED ? 'denied' : 'undetermined')),
    );
  });
}

/** The web has no background location. */
export async function requestBackgroundPermissionsAsync(): Promise<PermissionResponse> {
  return permission('denied');
}
export const getBackgroundPermissionsAsync = requestBackgroundPermissionsAsync;

export async function hasServicesEnabledAsync(): Promise<boolean> {
  return 'geolocation' in navigator;
}

export function getCurrentPositionAsync(options?: LocationOptions): Promise<LocationObject> {
  return new Promise((resolve, reject) => {
    geolocation().getCurrentPosition(
      (p) => resolve(toLocation(p)),
      (e) => reject(new Error(e.message || 'Location unavailable')),
      positionOptions(options),
    );
  });
}

export async function getLastKnownPositionAsync(): Promise<LocationObject | null> {
  return last;
}

export async function watchPositionAsync(
  options: LocationOptions,
  callback: (location: LocationObject) => void,
): Promise<{ remove(): void }> {
  const id = geolocation().watchPosition((p) => callback(toLocation(p)), undefined, positionOptions(options));
  return { remove: () => navigator.geolocation.clearWatch(id) };
}

export async function geocodeAsync(_address: string): Promise<never> {
  throw new Error(MESSAGES.featureNotSupportedOnWeb('Location.geocodeAsync'));
}

export async function reverseGeocodeAsync(_location: unknown): Promise<never> {
  throw new Error(MESSAGES.featureNotSupportedOnWeb('Location.reverseGeocodeAsync'));
}
