/**
 * @module
 * `verifyRevision`: verification after a generation (issue 22). The revision's changed pages are opened by the
 * real preview runtime in the render check's warm headless Chromium (headless.ts), at a desktop and a mobile
 * width, and walked: the model's own walk (visit, click, fill, expect) or the default one — every form filled
 * with sample data and submitted, every button outside a form and a link pressed. Errors the preview reports
 * (a button whose handler throws), console errors and failed requests are collected; each step says ok or why
 * not, with a small JPEG screenshot. Bounded: at most `MAX_PAGES` pages, a few actions each, one deadline.
 * Node only, like headless.ts; the generated code runs in Chromium, never here.
 */
import type {
  CDPSession,
  Frame,
  Page,
  Request as PwRequest,
  Response as PwResponse,
  Route,
} from 'playwright-core';
import type { PreviewMode, PreviewModule } from '../protocol.ts';
import { type CheckPage, type PackageSource, routeFor, withCheckPage } from './headless.ts';

/** One step of a model-written walk (`<kiln:verify>`): visit a route, click a named control, fill a field, see text. */
export interface WalkStep {
  action: 'visit' | 'click' | 'fill' | 'expect';
  /** The route (visit), a button's or link's name (click), a field's label, placeholder or name (fill), text (expect). */
  target: string;
  /** What `fill` types. */
  value?: string;
}

/** A request the preview's app makes to its backend (`/api/…` functions, `/api/db/…`) during verification. */
export interface VerifyApiRequest {
  method: string;
  /** The app's own path, `/api/…` (the preview's sandbox prefix removed). */
  path: string;
  search: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

export interface VerifyInput {
  /** Every rendered module of the revision (pages and components). */
  modules: PreviewModule[];
  /** File paths of the pages to open (the changed ones); at most `MAX_PAGES` are. */
  pages: string[];
  /** The revision's compiled Tailwind CSS, so screenshots look as in the preview. */
  css?: string;
  /** The model's walk; without one, the default walk. */
  walk?: WalkStep[];
  packages?: PackageSource;
  /** Answers the app's backend calls; without it they answer 503. */
  api?: (request: VerifyApiRequest) => Promise<Response>;
  /** The whole verification gives up after this long (default `VERIFY_TIMEOUT_MS`). */
  timeoutMs?: number;
}

export type VerifyViewport = 'desktop' | 'mobile';

/** One step of the walk and its outcome; `screenshot` is a JPEG. */
export interface VerifyStep {
  action: string;
  ok: boolean;
  detail: string | null;
  viewport: VerifyViewport;
  screenshot?: Uint8Array;
}

/** PASSED when every step was ok; FAILED otherwise. Console errors and failed requests are reported alongside. */
export interface VerifyResult {
  status: 'PASSED' | 'FAILED';
  steps: VerifyStep[];
  consoleErrors: string[];
  failedRequests: string[];
  ms: number;
}

/** The two widths every changed page is opened at (the issue: desktop and mobile). */
export const VIEWPORTS: Record<VerifyViewport, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
};
/** Pages opened per verification: a generation that touched more is verified on its first few. */
export const MAX_PAGES = 4;
/** Default walk bounds per page: forms filled, fields per form, buttons pressed. */
const MAX_FORMS = 2;
const MAX_FIELDS = 8;
const MAX_BUTTONS = 6;
/** Screenshots kept per verification (one per page and width, plus failures). */
const MAX_SCREENSHOTS = 10;
/** Console errors and failed requests kept. */
const MAX_COLLECTED = 20;
export const VERIFY_TIMEOUT_MS = 20_000;
/** The longest wait, at the end of the walk, for the app's backend calls still under way. */
const BACKEND_WAIT_MS = 5_000;
/** A route no app page has: loaded before each visit so the visited page mounts afresh. */
const BLANK_ROUTE = '/__kiln_verify_blank';
const BLANK_PAGE = 'export default function KilnVerifyBlank() { return null; }';
const BLANK_TIMEOUT_MS = 2_000;
/** A page that has not rendered after this long fails its visit step. */
const LOAD_TIMEOUT_MS = 8_000;
/** How long a model-walk action waits for its element. */
const ACTION_TIMEOUT_MS = 1_500;
/** After an action: time for effects, promise rejections and the preview's error report to arrive. */
const SETTLE_MS = 60;
/** JPEG quality of screenshots: small files that still show the layout. */
const JPEG_QUALITY = 45;
/** Console lines that only repeat a failed request (reported as such). */
const RESOURCE_LINE = /^Failed to load resource/;
/** Requests the check's sandbox aborts on purpose (other hosts): not the app's failure. */
const BLOCKED = 'net::ERR_BLOCKED_BY_CLIENT';

const SAMPLE_VALUES: Record<string, string> = {
  email: 'sample@example.com',
  number: '3',
  date: '2025-01-15',
  'datetime-local': '2025-01-15T10:30',
  time: '10:30',
  url: 'https://example.com',
  tel: '555-0100',
  password: 'Sample-pass-1',
  search: 'sample',
  color: '#3366ff',
};
const SAMPLE_TEXT = 'Sample text';

/**
 * One default-walk action, run inside the preview frame (a string, so no bundler helper leaks into it): fill
 * the `index`-th visible form's fields with sample values (through the native value setters, as typing does, so
 * React sees them) and press its submit button; or press the `index`-th visible button outside forms and links.
 * Errors thrown meanwhile (a handler that throws, a rejected promise) are collected; it waits two frames and
 * `settleMs` for effects to land.
 */
const IN_FRAME_ACTION = `async (a) => {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const label = (el, fallback) => {
    const t = (el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent || el.getAttribute('value') || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 60);
    return t ? '"' + t + '"' : fallback;
  };
  const errors = [];
  const onError = (e) => errors.push(String((e.error && e.error.message) || e.message || 'error'));
  const onRejection = (e) => errors.push(String((e.reason && e.reason.message) || e.reason || 'rejected promise'));
  const settle = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, a.settleMs))));
  const skipped = ['hidden', 'submit', 'button', 'file', 'reset', 'range', 'image'];
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  try {
    if (a.kind === 'form') {
      const form = [...document.querySelectorAll('form')].filter(visible)[a.index];
      if (!form) return { found: false };
      const submit = [...form.querySelectorAll('button[type=submit], button:not([type]), input[type=submit]')].filter(visible)[0];
      const own = form.getAttribute('aria-label') || form.getAttribute('name');
      const name = own ? 'form "' + own.slice(0, 60) + '"' : submit ? 'form ' + label(submit, String(a.index + 1)) : 'form ' + (a.index + 1);
      const fields = [...form.querySelectorAll('input, textarea, select')]
        .filter((f) => visible(f) && !f.disabled && !f.readOnly && !skipped.includes((f.type || '').toLowerCase()))
        .slice(0, a.maxFields);
      let filled = 0;
      for (const f of fields) {
        const type = f.tagName === 'SELECT' ? 'select' : (f.type || 'text').toLowerCase();
        if (type === 'checkbox' || type === 'radio') {
          if (!f.checked) f.click();
        } else if (type === 'select') {
          const option = [...f.options].find((o) => o.value);
          if (!option) continue;
          Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(f, option.value);
          f.dispatchEvent(new Event('change', { bubbles: true }));
        } else {
          const proto = f.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
          Object.getOwnPropertyDescriptor(proto, 'value').set.call(f, a.samples[type] ?? a.sampleText);
          f.dispatchEvent(new Event('input', { bubbles: true }));
          f.dispatchEvent(new Event('change', { bubbles: true }));
        }
        filled += 1;
      }
      await settle();
      if (submit) {
        submit.click();
        await settle();
      }
      return { found: true, name, filled, submitted: Boolean(submit), errors };
    }
    const buttons = [...document.querySelectorAll('button, [role=button]')].filter(
      (b) => visible(b) && !b.disabled && !b.closest('form') && !b.closest('a'),
    );
    const button = buttons[a.index];
    if (!button) return { found: false };
    const name = label(button, 'button ' + (a.index + 1));
    button.click();
    await settle();
    return { found: true, name, errors };
  } finally {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  }
}`;

interface PreviewEvent {
  kind?: string;
  revisionId?: string;
  filePath?: string;
  message?: string;
  route?: string;
}

let sequence = 0;

/** Verifies a revision's pages in headless Chromium; see the module comment. */
export async function verifyRevision(input: VerifyInput): Promise<VerifyResult> {
  const started = performance.now();
  return withCheckPage(async (check) => {
    const session = new Session(check, input, started + (input.timeoutMs ?? VERIFY_TIMEOUT_MS));
    await session.open();
    try {
      if (input.walk && input.walk.length > 0) await session.modelWalk(input.walk);
      else await session.defaultWalk();
    } finally {
      await session.close();
    }
    const steps = session.steps;
    return {
      status: steps.every((s) => s.ok) ? 'PASSED' : 'FAILED',
      steps,
      consoleErrors: session.consoleErrors,
      failedRequests: session.failedRequests,
      ms: Math.round(performance.now() - started),
    };
  });
}

/** One verification on one lent check page: listeners, loads, actions and the steps they record. */
class Session {
  readonly steps: VerifyStep[] = [];
  readonly consoleErrors: string[] = [];
  readonly failedRequests: string[] = [];
  private readonly page: Page;
  private revisionId = '';
  private screenshots = 0;
  /** The width the preview is shown at. */
  private shown: VerifyViewport = 'desktop';
  /** The app's backend calls still being answered. */
  private readonly pending = new Set<Promise<void>>();
  private cdp: CDPSession | null = null;
  private readonly onConsole = (msg: { type(): string; text(): string }) => {
    if (msg.type() !== 'error' || RESOURCE_LINE.test(msg.text())) return;
    push(this.consoleErrors, msg.text().slice(0, 500));
  };
  private readonly onRequestFailed = (req: PwRequest) => {
    const error = req.failure()?.errorText ?? 'failed';
    if (error === BLOCKED || !this.fromPreview(req.url())) return;
    push(this.failedRequests, `${req.method()} ${pathOf(req.url())} (${error})`);
  };
  private readonly onResponse = (res: PwResponse) => {
    if (res.status() < 400 || !this.fromPreview(res.url())) return;
    push(this.failedRequests, `${res.request().method()} ${pathOf(res.url())} → ${res.status()}`);
  };

  constructor(
    private readonly check: CheckPage,
    private readonly input: VerifyInput,
    private readonly deadline: number,
  ) {
    this.page = check.page;
  }

  async open(): Promise<void> {
    this.page.on('console', this.onConsole);
    this.page.on('requestfailed', this.onRequestFailed);
    this.page.on('response', this.onResponse);
    await this.page.route(`${this.check.previewOrigin}/sandbox/api/**`, (route) => this.answerApi(route));
    await this.page.route(`${this.check.previewOrigin}/api/db/**`, (route) => this.answerApi(route));
    await this.page.setViewportSize({ width: VIEWPORTS.desktop.width, height: VIEWPORTS.mobile.height + 16 });
  }

  async close(): Promise<void> {
    this.page.off('console', this.onConsole);
    this.page.off('requestfailed', this.onRequestFailed);
    this.page.off('response', this.onResponse);
    await this.page.unrouteAll({ behavior: 'ignoreErrors' });
    await this.cdp?.detach().catch(() => {});
    await this.resize(VIEWPORTS.desktop.width, 720).catch(() => {});
  }

  /** Every changed page at both widths (Expo pages at the mobile width only), then its walk at desktop. */
  async defaultWalk(): Promise<void> {
    for (const filePath of this.pages()) {
      const route = routeFor(filePath);
      if (this.moduleOf(filePath)?.moduleType === 'EXPO_PAGE') {
        await this.visit(filePath, route, 'mobile');
      } else if (await this.visit(filePath, route, 'desktop')) {
        // The same rendered page at the mobile width (no second load), then back for the walk.
        await this.showAt('mobile');
        await this.record(`visit ${route}`, true, null, 'mobile', true);
        await this.showAt('desktop');
        await this.walkPage(filePath);
      }
      await this.backendSettled();
      if (this.late()) break;
    }
  }

  /** The model's steps at desktop width, then each changed page once at mobile width. */
  async modelWalk(walk: readonly WalkStep[]): Promise<void> {
    const first = this.pages()[0];
    if (walk[0]?.action !== 'visit' && first) await this.visit(first, routeFor(first), 'desktop');
    for (const step of walk) {
      if (this.late()) break;
      if (step.action === 'visit') {
        await this.backendSettled();
        const filePath = this.pageFor(step.target) ?? first;
        if (filePath) await this.visit(filePath, step.target, 'desktop');
        else this.record(`visit ${step.target}`, false, 'No page has this route.', 'desktop');
        continue;
      }
      await this.modelAction(step);
    }
    await this.backendSettled();
    for (const filePath of this.pages()) {
      if (this.late()) break;
      await this.visit(filePath, routeFor(filePath), 'mobile');
    }
  }

  private pages(): string[] {
    return this.input.pages.filter((p) => this.moduleOf(p)).slice(0, MAX_PAGES);
  }

  private moduleOf(filePath: string): PreviewModule | undefined {
    return this.input.modules.find((m) => m.filePath === filePath);
  }

  /** The page that serves `route` (exact, or with its dynamic segments filled). */
  private pageFor(route: string): string | undefined {
    const wanted = route.split(/[?#]/, 1)[0] || '/';
    return this.input.modules.find(
      (m) => (m.moduleType === 'PAGE' || m.moduleType === 'EXPO_PAGE') && routeFor(m.filePath) === wanted,
    )?.filePath;
  }

  private late(): boolean {
    return performance.now() > this.deadline;
  }

  /** Loads the revision at `route` in a fresh preview load; the step fails with the preview's error if any. */
  private async visit(filePath: string, route: string, viewport: VerifyViewport): Promise<boolean> {
    const result = await this.mount(filePath, route, viewport);
    await this.record(`visit ${route}`, result.ok, result.ok ? null : result.error, viewport, true);
    return result.ok;
  }

  /** Shows the revision at `route`, freshly mounted, at a viewport's width. */
  private async mount(
    filePath: string,
    route: string,
    viewport: VerifyViewport,
  ): Promise<{ ok: boolean; error: string | null }> {
    const module = this.moduleOf(filePath);
    const mode: PreviewMode = module?.moduleType === 'EXPO_PAGE' ? 'mobile' : 'web';
    const size = VIEWPORTS[viewport];
    await this.resize(size.width, size.height);
    this.shown = viewport;
    this.revisionId = `verify-${++sequence}`;
    await this.drain();
    const blank: PreviewModule =
      mode === 'mobile'
        ? {
            filePath: 'apps/mobile/src/app/__kiln_verify_blank/index.tsx',
            moduleType: 'EXPO_PAGE',
            name: 'Blank',
            content: BLANK_PAGE,
          }
        : {
            filePath: 'apps/web/src/app/__kiln_verify_blank/page.tsx',
            moduleType: 'PAGE',
            name: 'Blank',
            content: BLANK_PAGE,
          };
    const load = {
      kind: 'kiln:load',
      revisionId: this.revisionId,
      modules: [...this.input.modules, blank],
      css: this.input.css ?? '',
      route: BLANK_ROUTE,
      generating: false,
      mode,
      checkedFile: filePath,
    };
    // A visit is a fresh one: the runtime keeps a page mounted across loads of the same code (the render check
    // just showed it), so its effects — the data it fetches when it opens — would not run again. A route no
    // page of the app has (an empty page of its own) first unmounts it.
    await this.load({ ...load, revisionId: `${this.revisionId}-blank` }, BLANK_TIMEOUT_MS);
    return this.load({ ...load, route }, LOAD_TIMEOUT_MS);
  }

  /** Posts a load to the preview and waits until it rendered or failed (or `timeoutMs` passed). */
  private async load(
    load: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<{ ok: boolean; error: string | null }> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    return Promise.race([
      this.page.evaluate(
        ([msg, settle]) =>
          (
            window as unknown as {
              kilnCheck(m: unknown, s: number): Promise<{ ok: boolean; error: string | null }>;
            }
          ).kilnCheck(msg, settle),
        [load, SETTLE_MS] as const,
      ),
      new Promise<{ ok: boolean; error: string }>((resolve) => {
        timer = setTimeout(
          () => resolve({ ok: false, error: `The page did not render within ${timeoutMs} ms.` }),
          timeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  }

  /**
   * The default walk of the page on screen: its forms with sample data, then its other buttons. Each action
   * runs inside the preview frame in one call (`IN_FRAME_ACTION`), so a page costs a few round trips.
   */
  private async walkPage(filePath: string): Promise<void> {
    const route = routeFor(filePath);
    const actions = [
      ...Array.from({ length: MAX_FORMS }, (_, index) => ({ kind: 'form' as const, index })),
      ...Array.from({ length: MAX_BUTTONS }, (_, index) => ({ kind: 'button' as const, index })),
    ];
    for (const action of actions) {
      if (this.late()) return;
      const frame = await this.frame();
      const done = (await frame
        .evaluate(
          `(${IN_FRAME_ACTION})(${JSON.stringify({
            ...action,
            samples: SAMPLE_VALUES,
            sampleText: SAMPLE_TEXT,
            settleMs: SETTLE_MS,
            maxFields: MAX_FIELDS,
          })})`,
        )
        .catch((err: unknown) => ({
          found: true,
          name: `${action.kind} ${action.index + 1}`,
          error: firstLine(err),
        }))) as {
        found: boolean;
        name?: string;
        filled?: number;
        submitted?: boolean;
        errors?: string[];
        error?: string;
      };
      if (!done.found) continue;
      const name = done.name ?? `${action.kind} ${action.index + 1}`;
      if (action.kind === 'form') {
        const filled = done.filled ?? 0;
        await this.record(`fill ${name}`, true, `${filled} field${filled === 1 ? '' : 's'} with sample data`);
        if (!done.submitted) continue;
      }
      const events = (await this.drain()).filter((e) => !e.revisionId || e.revisionId === this.revisionId);
      const reported = events.filter((e) => e.kind === 'kiln:error').map(errorText);
      const errors = reported.length > 0 ? reported : (done.errors ?? []);
      if (done.error) errors.push(done.error);
      const moved = events.find((e) => e.kind === 'kiln:route' && e.route && e.route !== route)?.route;
      const ok = errors.length === 0;
      const label = action.kind === 'form' ? `submit ${name}` : `click ${name}`;
      await this.record(label, ok, errors[0] ?? (moved ? `Went to ${moved}.` : null), 'desktop', !ok);
      // The walk of a page ends at its first failure (the fix is told that one). A button that went to another
      // page passed; the page is opened again for the buttons after it.
      if (!ok) return;
      if (moved && !(await this.mount(filePath, route, 'desktop')).ok) return;
    }
  }

  /** One model-written click, fill or expect, with Playwright's own waiting for the element. */
  private async modelAction(step: WalkStep): Promise<void> {
    const frame = await this.frame();
    const label = `${step.action} ${step.target}${step.action === 'fill' ? `=${step.value ?? ''}` : ''}`;
    try {
      if (step.action === 'click') {
        const target = frame
          .getByRole('button', { name: step.target })
          .or(frame.getByRole('link', { name: step.target }))
          .or(frame.getByText(step.target, { exact: true }))
          .first();
        await target.click({ timeout: ACTION_TIMEOUT_MS });
      } else if (step.action === 'fill') {
        const target = frame
          .getByLabel(step.target)
          .or(frame.getByPlaceholder(step.target))
          .or(frame.locator(`[name="${cssString(step.target)}"]`))
          .first();
        await target.fill(step.value ?? '', { timeout: ACTION_TIMEOUT_MS });
      } else {
        await frame.getByText(step.target).first().waitFor({ state: 'visible', timeout: ACTION_TIMEOUT_MS });
      }
    } catch (err) {
      const why = step.action === 'expect' ? `"${step.target}" is not on the page.` : firstLine(err);
      await this.record(label, false, why, 'desktop', true);
      return;
    }
    const errors = await this.settle();
    await this.record(label, errors.length === 0, errors[0] ?? null, 'desktop', errors.length > 0);
  }

  /** Waits for effects of an action to land and returns the preview's errors. */
  private async settle(): Promise<string[]> {
    const frame = await this.frame();
    await frame
      .evaluate(
        (ms) =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, ms))),
          ),
        SETTLE_MS,
      )
      .catch(() => {});
    const events = (await this.drain()).filter((e) => !e.revisionId || e.revisionId === this.revisionId);
    return events.filter((e) => e.kind === 'kiln:error').map(errorText);
  }

  private async record(
    action: string,
    ok: boolean,
    detail: string | null,
    viewport: VerifyViewport = 'desktop',
    screenshot = false,
  ): Promise<void> {
    const step: VerifyStep = { action, ok, detail, viewport };
    if (screenshot && this.screenshots < MAX_SCREENSHOTS) {
      const shot = await this.screenshot().catch(() => null);
      if (shot) {
        this.screenshots += 1;
        step.screenshot = new Uint8Array(shot);
      }
    }
    this.steps.push(step);
  }

  /**
   * A JPEG of the preview frame as it is on screen, straight from Chromium's compositor (CDP
   * `Page.captureScreenshot` with a clip, optimised for speed): Playwright's element screenshot first injects
   * styles into every frame and waits for the element to be stable, which cost about a second a shot on a
   * loaded machine (bench/verification.ts).
   */
  private async screenshot(): Promise<Uint8Array> {
    const box = await this.page.evaluate(() => {
      const r = (document.getElementById('preview') as HTMLIFrameElement).getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    this.cdp ??= await this.page.context().newCDPSession(this.page);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { data } = await Promise.race([
      this.cdp.send('Page.captureScreenshot', {
        format: 'jpeg',
        quality: JPEG_QUALITY,
        clip: { ...box, scale: 1 },
        optimizeForSpeed: true,
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('The screenshot timed out.')), ACTION_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    return new Uint8Array(Buffer.from(data, 'base64'));
  }

  private async frame(): Promise<Frame> {
    const handle = await this.page.$('#preview');
    const frame = await handle?.contentFrame();
    if (!frame) throw new Error('The preview frame is missing.');
    return frame;
  }

  /** Resizes the preview to a viewport and waits for the page to lay out again. */
  private async showAt(viewport: VerifyViewport): Promise<void> {
    const size = VIEWPORTS[viewport];
    await this.resize(size.width, size.height);
    this.shown = viewport;
    const frame = await this.frame();
    await frame
      .evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))))
      .catch(() => {});
  }

  private async resize(width: number, height: number): Promise<void> {
    await this.page.evaluate(
      ([w, h]) => {
        const frame = document.getElementById('preview') as HTMLIFrameElement;
        frame.style.width = `${w}px`;
        frame.style.height = `${h}px`;
      },
      [width, height] as const,
    );
  }

  /** The preview's messages since the last drain. */
  private drain(): Promise<PreviewEvent[]> {
    return this.page.evaluate(() =>
      (window as unknown as { kilnEvents: unknown[] }).kilnEvents.splice(0),
    ) as Promise<PreviewEvent[]>;
  }

  private fromPreview(url: string): boolean {
    return url.startsWith(this.check.previewOrigin);
  }

  /**
   * Waits (until the deadline, at most `BACKEND_WAIT_MS`) for the app's backend calls still under way — a page
   * that loads its data when it opens, a function starting cold — so their failures and errors are reported
   * with the walk that caused them rather than lost.
   */
  async backendSettled(): Promise<void> {
    const until = Math.min(this.deadline, performance.now() + BACKEND_WAIT_MS);
    const waited = this.pending.size > 0;
    while (this.pending.size > 0 && performance.now() < until) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.all(this.pending),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.max(0, until - performance.now()));
        }),
      ]).finally(() => clearTimeout(timer));
    }
    if (this.pending.size === 0 && !waited) return;
    // The page sees the answers (its response events, what it logs about them) a moment later; an error they
    // caused (data of the wrong shape, a handler that throws on a failure) fails the page.
    const errors = await this.settle().catch(() => []);
    if (errors.length > 0) {
      await this.record("wait for the app's requests", false, errors[0]!, this.shown, true);
    }
  }

  /** The app's backend calls, answered by the server's handler (or 503 without one). */
  private answerApi(route: Route): Promise<void> {
    const answer = this.answer(route);
    this.pending.add(answer);
    return answer.finally(() => this.pending.delete(answer));
  }

  private async answer(route: Route): Promise<void> {
    const req = route.request();
    const url = new URL(req.url());
    const path = appPath(url.pathname);
    const api = this.input.api;
    if (!api) {
      await route.fulfill({ status: 503, json: { error: 'The app backend is not available here.' } });
      return;
    }
    try {
      const res = await api({
        method: req.method(),
        path,
        search: url.search,
        headers: await req.allHeaders(),
        body: req.postDataBuffer(),
      });
      await route.fulfill({
        status: res.status,
        headers: Object.fromEntries(res.headers),
        body: Buffer.from(await res.arrayBuffer()),
      });
    } catch (err) {
      await route.fulfill({ status: 500, json: { error: firstLine(err) } }).catch(() => {});
    }
  }
}

function errorText(e: PreviewEvent): string {
  return `${e.filePath ? `${e.filePath}: ` : ''}${e.message ?? 'error'}`;
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);
}

/** A request's path as the app wrote it: the preview's `/sandbox/api/{token}/…` prefix back to `/api/…`. */
function appPath(pathname: string): string {
  return pathname.startsWith('/sandbox/api/') ? `/api/${pathname.split('/').slice(4).join('/')}` : pathname;
}

function pathOf(url: string): string {
  const u = new URL(url);
  return `${appPath(u.pathname)}${u.search}`.slice(0, 200);
}

function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

function push(list: string[], item: string): void {
  if (list.length < MAX_COLLECTED && !list.includes(item)) list.push(item);
}
