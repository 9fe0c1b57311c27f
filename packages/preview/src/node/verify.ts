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
import type { Frame, Page, Request as PwRequest, Response as PwResponse, Route } from 'playwright-core';
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
    await this.resize(VIEWPORTS.desktop.width, 720).catch(() => {});
  }

  /** Every changed page at both widths (Expo pages at the mobile width only), then its walk at desktop. */
  async defaultWalk(): Promise<void> {
    for (const filePath of this.pages()) {
      const mobileOnly = this.moduleOf(filePath)?.moduleType === 'EXPO_PAGE';
      if (!mobileOnly) {
        const shown = await this.visit(filePath, routeFor(filePath), 'desktop');
        if (shown) await this.walkPage(filePath);
      }
      await this.visit(filePath, routeFor(filePath), 'mobile');
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
        const filePath = this.pageFor(step.target) ?? first;
        if (filePath) await this.visit(filePath, step.target, 'desktop');
        else this.record(`visit ${step.target}`, false, 'No page has this route.', 'desktop');
        continue;
      }
      await this.modelAction(step);
    }
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
    const module = this.moduleOf(filePath);
    const mode: PreviewMode = module?.moduleType === 'EXPO_PAGE' ? 'mobile' : 'web';
    const size = VIEWPORTS[viewport];
    await this.resize(size.width, size.height);
    this.revisionId = `verify-${++sequence}`;
    await this.drain();
    const load = {
      kind: 'kiln:load',
      revisionId: this.revisionId,
      modules: this.input.modules,
      css: this.input.css ?? '',
      route,
      generating: false,
      mode,
      checkedFile: filePath,
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const result = await Promise.race([
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
          () => resolve({ ok: false, error: `The page did not render within ${LOAD_TIMEOUT_MS} ms.` }),
          LOAD_TIMEOUT_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    await this.record(`visit ${route}`, result.ok, result.ok ? null : result.error, viewport, true);
    return result.ok;
  }

  /** The default walk of the page on screen: its forms with sample data, then its other buttons. */
  private async walkPage(filePath: string): Promise<void> {
    const frame = await this.frame();
    const route = routeFor(filePath);
    const forms = frame.locator('form');
    const formCount = Math.min(await forms.count(), MAX_FORMS);
    for (let i = 0; i < formCount && !this.late(); i++) {
      const form = forms.nth(i);
      if (!(await form.isVisible())) continue;
      const submit = form
        .locator('button[type=submit], button:not([type]), input[type=submit]')
        .filter({ visible: true });
      const hasSubmit = (await submit.count()) > 0;
      // A form is named by its own label, else by its submit button ("form "Add task"").
      const named = (await form.getAttribute('aria-label')) ?? (await form.getAttribute('name'));
      const name = named
        ? `form "${named.slice(0, 60)}"`
        : hasSubmit
          ? `form ${await describe(submit.first(), `${i + 1}`)}`
          : `form ${i + 1}`;
      const filled = await fillForm(form);
      await this.record(`fill ${name}`, true, `${filled} field${filled === 1 ? '' : 's'} with sample data`);
      if (!hasSubmit) continue;
      await submit.first().dispatchEvent('click');
      if (!(await this.afterAction(`submit ${name}`, route, filePath))) return;
    }
    const buttons = frame
      .locator('button, [role=button]')
      .filter({ visible: true })
      .and(frame.locator(':not(form *):not(a *):not([disabled])'));
    const count = Math.min(await buttons.count(), MAX_BUTTONS);
    const labels: string[] = [];
    for (let i = 0; i < count; i++) labels.push(await describe(buttons.nth(i), `button ${i + 1}`));
    for (let i = 0; i < labels.length && !this.late(); i++) {
      const button = buttons.nth(i);
      if ((await button.count()) === 0) break; // the page changed under the walk
      await button.dispatchEvent('click', undefined, { timeout: ACTION_TIMEOUT_MS }).catch(() => {});
      if (!(await this.afterAction(`click ${labels[i]}`, route, filePath))) return;
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

  /** After a walk action: the step fails on a preview error; a navigation ends the page's walk (false). */
  private async afterAction(action: string, route: string, filePath: string): Promise<boolean> {
    const events = await this.settle(true);
    const errors = events.filter((e) => e.kind === 'kiln:error').map(errorText);
    const moved = events.find((e) => e.kind === 'kiln:route' && e.route && e.route !== route)?.route;
    const detail = errors[0] ?? (moved ? `Went to ${moved}.` : null);
    await this.record(action, errors.length === 0, detail, 'desktop', errors.length > 0);
    if (errors.length > 0) await this.visitQuietly(filePath, route); // a fresh page for the next action
    return !moved;
  }

  /** Waits for effects of an action to land and returns the preview's errors (or all events). */
  private async settle(): Promise<string[]>;
  private async settle(all: true): Promise<PreviewEvent[]>;
  private async settle(all?: true): Promise<string[] | PreviewEvent[]> {
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
    return all ? events : events.filter((e) => e.kind === 'kiln:error').map(errorText);
  }

  /** A reload after a failed action, not itself a step. */
  private async visitQuietly(filePath: string, route: string): Promise<void> {
    const before = this.steps.length;
    await this.visit(filePath, route, 'desktop');
    const reload = this.steps.splice(before);
    if (reload.some((s) => !s.ok)) this.steps.push(...reload);
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
      const shot = await this.page
        .locator('#preview')
        .screenshot({
          type: 'jpeg',
          quality: JPEG_QUALITY,
          timeout: ACTION_TIMEOUT_MS,
          animations: 'disabled',
        })
        .catch(() => null);
      if (shot) {
        this.screenshots += 1;
        step.screenshot = new Uint8Array(shot);
      }
    }
    this.steps.push(step);
  }

  private async frame(): Promise<Frame> {
    const handle = await this.page.$('#preview');
    const frame = await handle?.contentFrame();
    if (!frame) throw new Error('The preview frame is missing.');
    return frame;
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

  /** The app's backend calls, answered by the server's handler (or 503 without one). */
  private async answerApi(route: Route): Promise<void> {
    const req = route.request();
    const url = new URL(req.url());
    const path = url.pathname.startsWith('/sandbox/api/')
      ? `/api/${url.pathname.split('/').slice(4).join('/')}`
      : url.pathname;
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

/** Fills a form's visible fields with sample data by their type; how many were filled. */
async function fillForm(form: ReturnType<Frame['locator']>): Promise<number> {
  const fields = form
    .locator(
      'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=file]):not([type=reset]), textarea, select',
    )
    .filter({ visible: true });
  const count = Math.min(await fields.count(), MAX_FIELDS);
  let filled = 0;
  for (let i = 0; i < count; i++) {
    const field = fields.nth(i);
    try {
      if (!(await field.isEditable())) continue;
      const kind = await field.evaluate((el) =>
        el.tagName === 'SELECT' ? 'select' : ((el as HTMLInputElement).type || 'text').toLowerCase(),
      );
      if (kind === 'checkbox' || kind === 'radio') await field.check({ timeout: ACTION_TIMEOUT_MS });
      else if (kind === 'select') {
        const values = await field.evaluate((el) =>
          Array.from((el as HTMLSelectElement).options)
            .map((o) => o.value)
            .filter(Boolean),
        );
        if (values[0]) await field.selectOption(values[0], { timeout: ACTION_TIMEOUT_MS });
      } else if (kind === 'range') continue;
      else await field.fill(SAMPLE_VALUES[kind] ?? SAMPLE_TEXT, { timeout: ACTION_TIMEOUT_MS });
      filled += 1;
    } catch {
      // A field that will not take input is left as it is; the submit shows whether that matters.
    }
  }
  return filled;
}

/** A control's name for the report: its accessible label, text, or `fallback`. */
async function describe(target: ReturnType<Frame['locator']>, fallback: string): Promise<string> {
  const text = await target
    .evaluate((el) =>
      (
        el.getAttribute('aria-label') ||
        el.getAttribute('title') ||
        el.getAttribute('name') ||
        el.textContent ||
        ''
      ).trim(),
    )
    .catch(() => '');
  const short = text.replace(/\s+/g, ' ').slice(0, 60);
  return short ? `"${short}"` : fallback;
}

function errorText(e: PreviewEvent): string {
  return `${e.filePath ? `${e.filePath}: ` : ''}${e.message ?? 'error'}`;
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);
}

function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`.slice(0, 200);
}

function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

function push(list: string[], item: string): void {
  if (list.length < MAX_COLLECTED && !list.includes(item)) list.push(item);
}
