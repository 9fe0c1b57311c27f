import { describe, expect, it } from 'vitest';
import * as c from './constants';
import { PLATFORM_HEADERS } from './headers';

describe('business constants (spec §9)', () => {
  it.each<[string, unknown, unknown]>([
    ['ad attribution lifetime: 90 days', c.AD_ATTRIBUTION_LIFETIME_MS, 90 * 24 * 60 * 60 * 1000],
    ['analytics ready wait', c.ANALYTICS_READY_WAIT_MS, 3000],
    ['wait polling interval', c.WAIT_POLL_INTERVAL_MS, 100],
    ['wait timeout', c.WAIT_TIMEOUT_MS, 5000],
    ['heartbeat rate', c.HEARTBEAT_INTERVAL_MS, 30000],
    ['secure store warn size', c.SECURE_STORE_WARN_BYTES, 2048],
    ['parser timeout', c.PARSER_TIMEOUT_MS, 5000],
    ['parser buffer', c.PARSER_BUFFER_BYTES, 5242880],
    ['tree-sitter parse timeout', c.TREE_SITTER_PARSE_TIMEOUT_MS, 500],
    ['tablet safe-area insets', c.TABLET_SAFE_AREA_INSETS, { left: 0, right: 0, top: 64, bottom: 34 }],
    ['main component name', c.MAIN_COMPONENT_NAME, 'MainComponent'],
    ['story component name', c.STORY_COMPONENT_NAME, 'StoryComponent'],
    ['handler function name', c.HANDLER_FUNCTION_NAME, 'handler'],
    ['default database name', c.DEFAULT_DATABASE_NAME, 'New Database'],
    ['persistence prefix', c.PERSISTENCE_PREFIX, '/api/db'],
    ['sandbox placeholder id', c.SANDBOX_PLACEHOLDER_ID, 'tmp-starting'],
    ['unnamed limit', c.UNNAMED_LIMIT, 4],
    ['job-stall check interval', c.JOB_STALL_CHECK_INTERVAL_MS, 20000],
    ['job-stall timeout', c.JOB_STALL_TIMEOUT_MS, 360000],
    ['canvas and viewport sizes', c.VIEWPORT, { desktopWidth: 1280, mobileWidth: 360, height: 720 }],
    ['default auth user table', c.DEFAULT_AUTH_USER_TABLE, 'user_accounts'],
    ['default icon size', c.DEFAULT_ICON_SIZE, 'medium'],
    ['default icon viewBox: 18 by 18', c.ICON_VIEWBOX, '0 0 18 18'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('haptic patterns', () => {
    expect(c.HAPTIC_PATTERNS).toEqual({
      success: [40, 100, 40],
      warning: [50, 100, 50],
      error: [60, 100, 60, 100, 60],
      light: [40],
      medium: [50],
      heavy: [60],
      soft: [35],
      rigid: [45],
      selection: [50],
    });
  });

  it('icon wrapper sizes', () => {
    expect(c.ICON_SIZES).toEqual({
      xxxl: 48,
      xxl: 36,
      xl: 30,
      large: 24,
      medium: 18,
      small: 16,
      xs: 13,
      xxs: 8,
    });
    expect(c.ICON_SIZES[c.DEFAULT_ICON_SIZE]).toBe(18);
  });

  it('typography: display 4.5rem down to 1.5rem, headings 2.5rem to 0.875rem at 600, body 1.25rem to 0.625rem', () => {
    const rem = (o: Record<string, string>) => Object.values(o).map((v) => Number.parseFloat(v));
    const descending = (xs: number[]) => xs.every((x, i) => i === 0 || x < (xs[i - 1] as number));
    const display = rem(c.TYPOGRAPHY.display);
    const heading = rem(c.TYPOGRAPHY.heading);
    const body = rem(c.TYPOGRAPHY.body);
    expect([display[0], display.at(-1)]).toEqual([4.5, 1.5]);
    expect([heading[0], heading.at(-1)]).toEqual([2.5, 0.875]);
    expect([body[0], body.at(-1)]).toEqual([1.25, 0.625]);
    expect(Object.keys(c.TYPOGRAPHY.heading)).toEqual(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
    for (const xs of [display, heading, body]) expect(descending(xs)).toBe(true);
    expect(c.TYPOGRAPHY.headingWeight).toBe(600);
    const lineHeights = Object.values(c.TYPOGRAPHY.lineHeight).map((v) => Number.parseInt(v, 10));
    expect([lineHeights[0], lineHeights.at(-1)]).toEqual([120, 150]);
    expect(c.TYPOGRAPHY.fontFamily).toEqual({ body: 'Inter', display: 'Instrument Sans' });
  });

  it.each([
    ['Inter', 'font-inter'],
    ['Instrument Sans', 'font-instrument-sans'],
    ['  Playfair Display SC ', 'font-playfair-display-sc'],
  ])('font class for %j is %s', (family, cls) => {
    expect(c.fontClass(family)).toBe(cls);
  });

  it.each([
    [0, 360_000, false],
    [0, 360_001, true],
    [1000, 2000, false],
  ])('a job last heard from at %d has stalled at %d: %s', (last, now, stalled) => {
    expect(c.isJobStalled(last, now)).toBe(stalled);
  });

  it('platform header names are distinct lowercase header names', () => {
    const names = Object.values(PLATFORM_HEADERS);
    expect(Object.keys(PLATFORM_HEADERS)).toEqual([
      'projectId',
      'projectGroupId',
      'protectionBypass',
      'internalAuth',
      'runnerVersion',
      'adAttribution',
    ]);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9-]*$/);
  });
});
