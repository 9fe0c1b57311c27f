/**
 * @module The device data analytics keeps (spec §7 "device, page and event data"): the kind of device and the
 * families of browser and operating system, read from the user agent. Versions and the agent itself are not
 * kept, so the row says nothing that narrows down one person. Crawlers are not counted.
 */

export interface DeviceInfo {
  device: 'desktop' | 'mobile' | 'tablet';
  browser: string;
  os: string;
}

const BOT = /bot\b|crawl|spider|slurp|facebookexternalhit|preview|monitor|curl\/|wget\/|python-requests|^$/i;

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** The device, browser and OS family of a user agent; null for crawlers and empty agents. */
export function deviceOf(userAgent: string): DeviceInfo | null {
  if (BOT.test(userAgent)) return null;
  const find = (table: [RegExp, string][]) => table.find(([re]) => re.test(userAgent))?.[1] ?? 'Other';
  const device = /iPad|Tablet|Android(?!.*Mobile)/.test(userAgent)
    ? 'tablet'
    : /Mobi|iPhone|iPod|Android/.test(userAgent)
      ? 'mobile'
      : 'desktop';
  return { device, browser: find(BROWSERS), os: find(SYSTEMS) };
}
