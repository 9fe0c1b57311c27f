/**
 * @module
 * Analytics and ad attribution in a published app (spec §3, §7). The runtime sends a page view on landing and on
 * every route change, and generated code's `identify` / `track` calls (`@/utils/analytics`), batched, to the
 * app's own origin (`POST /_kiln/analytics`): no cookie, no third party, nothing stored in the browser for it.
 * Ad parameters on the landing URL (utm_*, gclid, fbclid, …) are kept in localStorage with `savedAt` for 90 days
 * and sent as the `x-kiln-ad-attribution` header on the app's own `/api/` calls, so its functions can read them.
 * In the builder's preview nothing is sent: the builder's own traffic is never counted.
 */
import {
  type CapturedAdAttribution,
  captureAdAttribution,
  encodeAdAttribution,
  isAdAttributionFresh,
} from '@kiln/core/ad-attribution-capture';
import { PLATFORM_HEADERS } from '@kiln/core/headers';
import { AI_IMAGE_PATH } from '../ai-image.ts';

export const ANALYTICS_PATH = '/_kiln/analytics';
/** Where the landing's ad attribution is kept (localStorage). */
export const AD_ATTRIBUTION_STORAGE_KEY = 'kiln:ad-attribution';
/** Events wait this long for company before they are sent in one request. */
const BATCH_DELAY_MS = 500;
/** The server takes at most 20 events a request. */
const MAX_BATCH = 20;

type Scalar = string | number | boolean | null;
interface AnalyticsEvent {
  type: 'pageview' | 'track' | 'identify';
  path: string;
  name?: string;
  referrer?: string;
  props?: Record<string, Scalar>;
}

/** Batches events and sends them to the app's origin; the last batch goes with `keepalive` when the page hides. */
class Sender {
  #queue: AnalyticsEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  constructor(private readonly send: typeof fetch) {
    addEventListener('pagehide', () => this.flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.flush();
    });
  }
  push(event: AnalyticsEvent): void {
    this.#queue.push(event);
    if (this.#queue.length >= MAX_BATCH) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), BATCH_DELAY_MS);
  }
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#queue.length > 0) {
      const events = this.#queue.splice(0, MAX_BATCH);
      void this.send(ANALYTICS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
        keepalive: true,
        credentials: 'omit',
      }).catch(() => {});
    }
  }
}

let sender: Sender | null = null;

const here = () => location.pathname;

/** Properties as the server keeps them: at most 20, scalar values, strings cut at 200 characters. */
function cleanProps(props: unknown): Record<string, Scalar> | undefined {
  if (!props || typeof props !== 'object') return undefined;
  const out: Record<string, Scalar> = {};
  for (const [key, value] of Object.entries(props).slice(0, 20)) {
    if (typeof value === 'string') out[key.slice(0, 100)] = value.slice(0, 200);
    else if (typeof value === 'boolean' || value === null) out[key.slice(0, 100)] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) out[key.slice(0, 100)] = value;
  }
  return out;
}

/** `track(name, props?)`: one named event with scalar properties (no personal data, please). */
export function track(name: string, props?: Record<string, unknown>): void {
  const event = String(name ?? '')
    .trim()
    .slice(0, 100);
  if (!event) return;
  sender?.push({ type: 'track', name: event, path: here(), props: cleanProps(props) });
}

/**
 * `identify(userId?, traits?)`: says a visitor signed in. Only that fact is recorded: the id and traits never
 * leave the page, so analytics holds no personal data.
 */
export function identify(_userId?: unknown, _traits?: unknown): void {
  sender?.push({ type: 'identify', path: here() });
}

/** `@/utils/analytics` as generated code imports it (no-ops in the preview). */
export const analyticsModule = Object.freeze({
  default: Object.freeze({ identify, track }),
  analytics: Object.freeze({ identify, track }),
  identify,
  track,
});

/**
 * Starts analytics in a published app: a page view now (with the referring site) and on every route change
 * (links and `router.push` go through `history.pushState`; back and forward through `popstate`).
 */
export function installAnalytics(send: typeof fetch = fetch.bind(window)): void {
  sender = new Sender(send);
  let last = '';
  const view = (referrer?: string) => {
    if (here() === last) return;
    last = here();
    sender?.push({ type: 'pageview', path: last, ...(referrer ? { referrer } : {}) });
  };
  view(document.referrer || undefined);
  const pushState = history.pushState.bind(history);
  history.pushState = (...args: Parameters<History['pushState']>) => {
    pushState(...args);
    view();
  };
  addEventListener('popstate', () => view());
}

function storedAttribution(now: number): CapturedAdAttribution | null {
  try {
    const raw = localStorage.getItem(AD_ATTRIBUTION_STORAGE_KEY);
    if (!raw) return null;
    const record = JSON.parse(raw) as CapturedAdAttribution;
    if (typeof record?.savedAt === 'number' && isAdAttributionFresh(record, now)) return record;
    localStorage.removeItem(AD_ATTRIBUTION_STORAGE_KEY);
  } catch {
    // storage blocked or a damaged value: no attribution
  }
  return null;
}

/**
 * Captures ad parameters from the landing URL (a new landing with parameters replaces the record), and sends the
 * fresh record as the ad-attribution header on the app's own `/api/` calls.
 */
export function installAdAttribution(): void {
  const landed = captureAdAttribution(location.search, Date.now());
  if (landed) {
    try {
      localStorage.setItem(AD_ATTRIBUTION_STORAGE_KEY, JSON.stringify(landed));
    } catch {
      // storage blocked: nothing to keep
    }
  }
  const original = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, location.href);
    const record =
      parsed.origin === location.origin &&
      parsed.pathname.startsWith('/api/') &&
      parsed.pathname !== AI_IMAGE_PATH
        ? storedAttribution(Date.now())
        : null;
    if (!record) return original(input, init);
    const request = new Request(input, init);
    request.headers.set(PLATFORM_HEADERS.adAttribution, encodeAdAttribution(record));
    return original(request);
  };
}
