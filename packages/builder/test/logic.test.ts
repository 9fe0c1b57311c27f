/**
 * The builder's small decisions with logic in them: keyboard shortcuts, tab movement, theme choice, which
 * field a server error belongs to, the status people read after Stop, and what the data layer retries.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api.ts';
import { tabIndexForKey } from '../src/components/StageTabs.tsx';
import { fieldOfError } from '../src/field-errors.ts';
import { retryDelay, shouldRetry } from '../src/query-client.ts';
import { describeStatus, shownStatus } from '../src/revision-status.ts';
import { resolveTheme } from '../src/theme.ts';
import { sendWithRetry } from '../src/use-chat.ts';
import { isPaletteShortcut, shortcutCommand } from '../src/workspace-commands.ts';

const key = (
  k: string,
  mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {},
) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('keyboard', () => {
  it('Ctrl+K and Cmd+K open the palette, plain K and Ctrl+Alt+K do not', () => {
    expect(isPaletteShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(key('k'))).toBe(false);
    expect(isPaletteShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });

  it('Alt+1…6 switch the stage tab, by key or by physical key', () => {
    expect(shortcutCommand(key('1', { altKey: true }))).toEqual({ type: 'tab', tab: 'preview' });
    expect(shortcutCommand({ ...key('¡', { altKey: true }), code: 'Digit3' })).toEqual({
      type: 'tab',
      tab: 'history',
    });
    expect(shortcutCommand(key('6', { altKey: true }))).toEqual({ type: 'tab', tab: 'settings' });
    expect(shortcutCommand(key('7', { altKey: true }))).toBeNull();
    expect(shortcutCommand(key('1'))).toBeNull();
    expect(shortcutCommand(key('1', { altKey: true, ctrlKey: true }))).toBeNull();
  });

  it('arrow keys wrap around the tabs, Home and End jump', () => {
    expect(tabIndexForKey('ArrowRight', 4, 5)).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 5)).toBe(4);
    expect(tabIndexForKey('Home', 3, 5)).toBe(0);
    expect(tabIndexForKey('End', 0, 5)).toBe(4);
    expect(tabIndexForKey('Enter', 0, 5)).toBeNull();
  });
});

describe('theme', () => {
  it('follows the system unless the person chose', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('people’s words', () => {
  it('a server error goes under the field it names', () => {
    expect(fieldOfError('Enter a valid e-mail address.')).toBe('email');
    expect(fieldOfError('Email is required')).toBe('email');
    expect(fieldOfError('The password must have at least 8 characters.')).toBe('password');
    expect(fieldOfError('Something went wrong.')).toBeNull();
    expect(fieldOfError(null)).toBeNull();
  });

  it('a revision the person stopped reads Canceled, other failures stay Failed', () => {
    expect(shownStatus('FAILED', 'Canceled. Nothing was changed.')).toBe('CANCELED');
    expect(describeStatus(shownStatus('FAILED', 'Canceled. Nothing was changed.'))).toEqual({
      label: 'Canceled',
      tone: 'idle',
    });
    expect(shownStatus('FAILED', 'The model did not answer.')).toBe('FAILED');
    expect(shownStatus('VALID', 'Canceled.')).toBe('VALID');
    expect(describeStatus('BUILDING_UI').label).toBe('Building UI…');
  });
});

describe('data layer', () => {
  it('retries what could not reach the server, never a refusal the server meant', () => {
    expect(shouldRetry(0, new ApiError('external', 'Could not reach the Kiln server.'))).toBe(true);
    expect(shouldRetry(1, new TypeError('fetch failed'))).toBe(true);
    expect(shouldRetry(0, new ApiError('not_found', 'No such project.'))).toBe(false);
    expect(shouldRetry(0, new ApiError('unauthenticated', 'Sign in.'))).toBe(false);
    expect(shouldRetry(4, new ApiError('external', 'Could not reach the Kiln server.'))).toBe(false);
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });
});

describe('chat sends', () => {
  it('repeat while the server cannot be reached, and stop at a refusal', async () => {
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    let calls = 0;
    const answer = await sendWithRetry(async () => {
      calls++;
      if (calls < 4) throw new ApiError('external', 'Could not reach the Kiln server.');
      return 'revision-2';
    }, wait);
    expect(answer).toBe('revision-2');
    expect(waits).toEqual([1000, 2000, 4000]);

    let refused = 0;
    await expect(
      sendWithRetry(async () => {
        refused++;
        throw new ApiError('conflict', 'Someone else changed this project.');
      }, wait),
    ).rejects.toThrow('Someone else changed this project.');
    expect(refused).toBe(1);
  });
});
