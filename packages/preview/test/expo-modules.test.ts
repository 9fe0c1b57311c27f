/**
 * @module
 * The Expo modules models assume (issue 16), on the web in real Chromium: expo-haptics plays the spec's
 * vibration patterns, expo-secure-store keeps strings and refuses anything else with the spec's message,
 * expo-image-picker opens the file chooser and returns Expo's asset shape, expo-location reads the browser's
 * position, and expo-camera says why when there is no camera; expo-image shows its source with `contentFit`
 * mapped, and expo-constants answers the config models read.
 */
import { MESSAGES } from '@kiln/core';
import { describe, expect, test } from 'vitest';
import type { PreviewModule } from '../src/index.ts';
import { openBuilder, setupHarness } from './harness.ts';

setupHarness();

const screen = (content: string): PreviewModule => ({
  filePath: 'apps/mobile/src/app/index.tsx',
  moduleType: 'EXPO_PAGE',
  name: 'Homepage',
  content,
});

const page = `import { useState } from 'react';
import { View, Text, Pressable } from 'react-native';
import * as Haptics from 'expo-haptics';
import * as SecureStore from 'expo-secure-store';
import * as ImagePicker from 'expo-image-picker';
import * as Location from 'expo-location';
import { CameraView, useCameraPermissions } from 'expo-camera';

export default function Home() {
  const [out, setOut] = useState({});
  const note = (k, v) => setOut((o) => ({ ...o, [k]: v }));
  const [permission] = useCameraPermissions();
  return (
    <View>
      <Pressable onPress={async () => {
        await Haptics.impactAsync(Haptics.ImpactFeedbackStyle.Heavy);
        await Haptics.notificationAsync(Haptics.NotificationFeedbackType.Error);
        await Haptics.selectionAsync();
        note('haptics', 'done');
      }}><Text>Buzz</Text></Pressable>
      <Pressable onPress={async () => {
        await SecureStore.setItemAsync('token', 'abc');
        note('stored', await SecureStore.getItemAsync('token'));
        try { await SecureStore.setItemAsync('n', 42); } catch (e) { note('refused', e.message); }
      }}><Text>Store</Text></Pressable>
      <Pressable onPress={async () => {
        const r = await ImagePicker.launchImageLibraryAsync({ mediaTypes: ImagePicker.MediaTypeOptions.Images });
        note('picked', r.canceled ? 'canceled' : r.assets[0].fileName + ' ' + r.assets[0].width + 'x' + r.assets[0].height + ' ' + r.assets[0].mimeType);
      }}><Text>Pick</Text></Pressable>
      <Pressable onPress={async () => {
        const { status } = await Location.requestForegroundPermissionsAsync();
        const p = await Location.getCurrentPositionAsync({ accuracy: Location.Accuracy.High });
        note('location', status + ' ' + p.coords.latitude + ',' + p.coords.longitude);
        try { await Location.reverseGeocodeAsync(p.coords); } catch (e) { note('geocode', e.message); }
      }}><Text>Locate</Text></Pressable>
      <Text testID="out">{JSON.stringify(out)}</Text>
      <Text testID="permission">{permission ? permission.status : 'asking'}</Text>
      <CameraView style={{ width: 120, height: 80 }} facing="front" onMountError={(e) => note('camera', e.message)} />
    </View>
  );
}`;

/** A 2×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGNgYGD4z8DAwMAAAA0AAf6f7mUAAAAASUVORK5CYII=',
  'base64',
);

describe('Expo modules on the web', () => {
  test('haptics, secure store, image picker, location and camera stand-ins work in the mobile preview', async () => {
    const b = await openBuilder('mobile');
    const context = b.page.context();
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 52.37, longitude: 4.9 });
    // Record vibrations: headless Chromium has navigator.vibrate, but it does nothing observable.
    await context.addInitScript(() => {
      const w = window as unknown as { __vibrations: number[][] };
      w.__vibrations = [];
      Object.defineProperty(navigator, 'vibrate', {
        value: (p: number[]) => {
          w.__vibrations.push([...p]);
          return true;
        },
      });
    });
    await b.page.reload();
    const frame = (await (await b.page.waitForSelector('#preview')).contentFrame())!;
    await b.load([screen(page)], { revisionId: 'r-expo' });
    const out = async () => JSON.parse((await frame.getByTestId('out').textContent()) ?? '{}');

    await frame.getByText('Buzz').click();
    await expect.poll(async () => (await out()).haptics).toBe('done');
    const vibrations = await frame.evaluate(
      () => (window as unknown as { __vibrations: number[][] }).__vibrations,
    );
    expect(vibrations).toEqual([[60], [60, 100, 60, 100, 60], [50]]);

    await frame.getByText('Store').click();
    await expect.poll(async () => (await out()).refused).toBe(MESSAGES.secureStoreNotString);
    expect((await out()).stored).toBe('abc');

    const chooser = frame.page().waitForEvent('filechooser');
    await frame.getByText('Pick').click();
    await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(async () => (await out()).picked).toBe('dot.png 2x1 image/png');

    await frame.getByText('Locate').click();
    await expect.poll(async () => (await out()).location).toBe('granted 52.37,4.9');
    expect((await out()).geocode).toBe(MESSAGES.featureNotSupportedOnWeb('Location.reverseGeocodeAsync'));

    // Headless Chromium has no camera: the view says why instead of failing the page.
    await expect.poll(async () => (await out()).camera).toMatch(/^Camera unavailable/);
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
    await context.close();
  });

  test('expo-image shows its source (string or { uri }) fitted, and expo-constants gives the config models read', async () => {
    const b = await openBuilder('mobile');
    const frame = (await (await b.page.waitForSelector('#preview')).contentFrame())!;
    const dataUrl = `data:image/png;base64,${PNG.toString('base64')}`;
    await b.load(
      [
        screen(`import { View, Text } from 'react-native';
import { Image } from 'expo-image';
import Constants from 'expo-constants';

export default function Home() {
  return (
    <View>
      <Image testID="a" source="${dataUrl}" contentFit="contain" transition={200} style={{ width: 40, height: 20 }} />
      <Image testID="b" source={{ uri: '${dataUrl}' }} placeholder="x" style={{ width: 40, height: 20 }} />
      <Text testID="version">{'v' + (Constants.expoConfig?.version ?? '?') + ' ' + Constants.statusBarHeight}</Text>
    </View>
  );
}`),
      ],
      { revisionId: 'r-expo-image' },
    );
    await expect.poll(async () => frame.getByTestId('version').textContent()).toBe('v1.0.0 44');
    for (const id of ['a', 'b']) {
      await expect.poll(async () => frame.getByTestId(id).innerHTML()).toContain('data:image/png');
    }
    // react-native-web draws the picture as a background: contentFit "contain" there, expo-image's "cover" default.
    const sizes = (id: string) =>
      frame
        .getByTestId(id)
        .evaluate((el) => [...el.querySelectorAll('div')].map((d) => getComputedStyle(d).backgroundSize));
    expect(await sizes('a')).toContain('contain');
    expect(await sizes('b')).toContain('cover');
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
  });
});
