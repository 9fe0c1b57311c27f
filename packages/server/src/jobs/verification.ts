/**
 * @module Verification after every generation (issue 22). A revision whose code passed the check
 * (revision-check.ts) has its changed pages opened and walked in headless Chromium (`@kiln/preview/verify`,
 * the render check's warm browser): the model's `<kiln:verify>` walk or the default one. The report —
 * PASSED, FAILED or SKIPPED, its steps with screenshots, console errors and failed requests — is stored in the
 * transaction that finishes the revision, so a revision is never VALID without its report.
 *
 * The app's backend answers during the walk, read-only: its functions run in the sandbox with a read-only
 * `sql`, `/api/db` runs SELECTs only, so the default walk's sample data never lands in the user's data.
 * Requests that fail or answer 400 and above are reported as failed requests; the functions' own errors (logged
 * at ERROR, or a 500's error) are listed with the console errors and fail the report, unless read-only refused
 * the request's write (the walk's doing, not the app's fault).
 *
 * A FAILED report does not change the revision's status (its code compiles and renders: VALID); it queues the
 * one automatic fix (autofix.ts) with the failed steps and errors as its context.
 */
import { ERROR_STATUS, isKilnError } from '@kiln/core';
import type { VerifyApiRequest, VerifyResult, WalkStep } from '@kiln/preview/verify';
import { eq } from 'drizzle-orm';
import type { AppBackend } from '../app-backend';
import { cachedCss } from '../css';
import type { Db } from '../db/index';
import {
  projects,
  projectVerificationSettings,
  revisionVerifications,
  type StoredVerificationStep,
  verificationScreenshots,
} from '../db/schema';
import { designSystemCss } from '../design-system';
import { newId } from '../ids';
import type { CodeFailure } from './autofix';

export type VerificationStatus = 'PASSED' | 'FAILED' | 'SKIPPED';

/** A report ready to store: steps with their screenshots' bytes. */
export interface VerificationReport {
  status: VerificationStatus;
  steps: (Omit<StoredVerificationStep, 'screenshotId'> & { screenshot?: Uint8Array })[];
  consoleErrors: string[];
  failedRequests: string[];
  note: string | null;
  durationMs: number;
}

interface Module {
  filePath: string;
  moduleType: string;
  content: string;
  name?: string;
}

const PAGE_TYPES = new Set([
  'PAGE',
  'EXPO_PAGE',
  'AUTH_PAGE_SIGN_IN',
  'AUTH_PAGE_SIGN_UP',
  'AUTH_PAGE_LOGOUT',
]);
const RENDERED = /\.(jsx?|tsx?)$/;
/** Longest report text handed to the automatic fix (the same cap as an error's). */
const MAX_FIX_CONTEXT = 4000;

/** Function errors kept per report, and the longest one. */
const MAX_FUNCTION_ERRORS = 10;
const MAX_FUNCTION_ERROR = 500;

let unavailableLogged = false;

/** Whether a project's generations are verified: the server setting, then the project's own (default on). */
export async function verificationEnabled(db: Db, enabled: boolean, projectId: string): Promise<boolean> {
  if (!enabled) return false;
  const [row] = await db
    .select({ enabled: projectVerificationSettings.enabled })
    .from(projectVerificationSettings)
    .where(eq(projectVerificationSettings.projectId, projectId));
  return row?.enabled ?? true;
}

/**
 * The pages to open: those whose code changed since `before`, those that call a function that changed (they
 * mention its `/api/name`), or every page when a component they may use changed (or on a first generation).
 */
export function changedPages(before: readonly Module[], after: readonly Module[]): string[] {
  const old = new Map(before.map((m) => [m.filePath, m.content]));
  const pages = after.filter((m) => PAGE_TYPES.has(m.moduleType));
  const changed = after.filter((m) => RENDERED.test(m.filePath) && old.get(m.filePath) !== m.content);
  if (changed.some((m) => !PAGE_TYPES.has(m.moduleType) && m.moduleType !== 'FUNCTION')) {
    return pages.map((p) => p.filePath);
  }
  // `apps/web/src/app/api/tasks/[id]/route.ts` → `/api/tasks`, not followed by more of a name.
  const apis = changed
    .filter((m) => m.moduleType === 'FUNCTION')
    .map((m) => /\/app\/api\/([^/]+)\//.exec(m.filePath)?.[1])
    .filter((name): name is string => name !== undefined)
    .map((name) => new RegExp(`/api/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`));
  const callsChanged = (page: Module) => apis.some((api) => api.test(page.content));
  return pages.filter((p) => changed.includes(p) || callsChanged(p)).map((p) => p.filePath);
}

/**
 * Opens and walks the revision's changed pages; null when nothing changed that a page shows. Never throws:
 * without Chromium or the built runtime the report is SKIPPED with the reason.
 */
export async function verifyRevisionPages(
  db: Db,
  deps: { backend: AppBackend | null; log: (msg: string, err?: unknown) => void },
  revision: { id: string; projectId: string },
  before: readonly Module[],
  modules: readonly Module[],
  walk?: WalkStep[],
): Promise<VerificationReport | null> {
  const pages = changedPages(before, modules);
  if (pages.length === 0) return null;
  const started = performance.now();
  const functionErrors: string[] = [];
  try {
    const { verifyRevision } = await import('@kiln/preview/verify');
    const rendered = modules
      .filter((m) => RENDERED.test(m.filePath) && m.moduleType !== 'FUNCTION' && m.moduleType !== 'FILE')
      .map((m) => ({
        filePath: m.filePath,
        moduleType: m.moduleType as never,
        name:
          m.name ??
          m.filePath
            .split('/')
            .pop()!
            .replace(/\.[jt]sx?$/, ''),
        content: m.content,
      }));
    const result = await verifyRevision({
      modules: rendered,
      pages,
      css: await revisionCss(db, revision, modules),
      ...(walk && walk.length > 0 ? { walk } : {}),
      ...(deps.backend ? { api: readOnlyApi(deps.backend, revision, functionErrors) } : {}),
    });
    const report = fromResult(result);
    // The functions' errors are the app's errors too: listed with the console's, and the walk did not pass.
    report.consoleErrors.push(...functionErrors);
    if (functionErrors.length > 0) report.status = 'FAILED';
    // The report's duration is all verification added: the CSS and the walk, not only the browser's part.
    return { ...report, durationMs: Math.round(performance.now() - started) };
  } catch (err) {
    if (!unavailableLogged) {
      unavailableLogged = true;
      deps.log('verification unavailable (Chromium or the built preview runtime missing)', err);
    }
    return {
      status: 'SKIPPED',
      steps: [],
      consoleErrors: [],
      failedRequests: [],
      note: `The pages could not be opened: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
      durationMs: Math.round(performance.now() - started),
    };
  }
}

function fromResult(result: VerifyResult): VerificationReport {
  return {
    status: result.status,
    steps: result.steps.map((s) => ({
      action: s.action,
      ok: s.ok,
      detail: s.detail,
      viewport: s.viewport,
      ...(s.screenshot ? { screenshot: s.screenshot } : {}),
    })),
    consoleErrors: result.consoleErrors,
    failedRequests: result.failedRequests,
    note: null,
    durationMs: result.ms,
  };
}

/** The revision's Tailwind CSS under its project's design system, as the preview gets it. */
async function revisionCss(
  db: Db,
  revision: { id: string; projectId: string },
  modules: readonly Module[],
): Promise<string> {
  const [project] = await db.select().from(projects).where(eq(projects.id, revision.projectId));
  if (!project) return '';
  return cachedCss(
    `verify:${revision.id}:${modules.length}`,
    () => modules.map((m) => m.content),
    designSystemCss(project.designSystem),
    project.id,
  );
}

/**
 * The app's backend for the walk: the development branch, read-only (see the module comment). The functions'
 * errors — what they log at ERROR and the error of a response of 500 and above — go to `functionErrors`
 * (`function POST /api/tasks: message`), unless the request tried to write: read-only refused that, and what
 * follows from it is the walk's doing, not the app's fault.
 */
function readOnlyApi(
  backend: AppBackend,
  revision: { id: string; projectId: string },
  functionErrors: string[],
) {
  return async (req: VerifyApiRequest): Promise<Response> => {
    try {
      if (req.path.startsWith('/api/db/')) {
        const body = req.body ? JSON.parse(req.body.toString('utf8')) : null;
        const databaseId = req.path.slice('/api/db/'.length);
        return Response.json(
          await backend.dbQuery(revision.projectId, databaseId, 'development', body, 'read'),
        );
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => name !== 'cookie' && name !== 'host'),
      );
      const errors: string[] = [];
      let wrote = false;
      const response = await backend.invoke(
        revision.projectId,
        revision.id,
        'development',
        { method: req.method, path: `${req.path}${req.search}`, headers, body: req.body, visitor: null },
        {
          readOnly: true,
          onWriteRefused: () => {
            wrote = true;
          },
          onLog: (entry) => {
            if (entry.level !== 'ERROR') return;
            // A request's own entry says `POST /api/x 500 12ms — error`; a console line is the function's words.
            const message =
              entry.source === 'REQUEST'
                ? (/ — (.*)$/s.exec(entry.message)?.[1] ?? entry.message)
                : entry.message;
            errors.push(message);
          },
        },
      );
      if (!wrote) {
        const where = `function ${req.method.toUpperCase()} ${req.path}`;
        for (const message of errors) {
          const line = `${where}: ${message.replace(/\s+/g, ' ').slice(0, MAX_FUNCTION_ERROR)}`;
          if (functionErrors.length < MAX_FUNCTION_ERRORS && !functionErrors.includes(line))
            functionErrors.push(line);
        }
      }
      return response;
    } catch (err) {
      const status = isKilnError(err) ? ERROR_STATUS[err.kind] : 500;
      const message = err instanceof Error ? err.message : String(err);
      return Response.json({ error: { message } }, { status });
    }
  };
}

/** Stores `report` for the revision (inside the transaction that finishes it); screenshots as their own rows. */
export async function storeVerification(
  db: Db,
  revisionId: string,
  report: VerificationReport,
): Promise<void> {
  const steps: StoredVerificationStep[] = [];
  for (const s of report.steps) {
    let screenshotId: string | null = null;
    if (s.screenshot) {
      screenshotId = newId();
      await db.insert(verificationScreenshots).values({ id: screenshotId, revisionId, jpeg: s.screenshot });
    }
    steps.push({ action: s.action, ok: s.ok, detail: s.detail, viewport: s.viewport, screenshotId });
  }
  await db
    .insert(revisionVerifications)
    .values({
      revisionId,
      status: report.status,
      steps,
      consoleErrors: report.consoleErrors,
      failedRequests: report.failedRequests,
      note: report.note,
      durationMs: report.durationMs,
    })
    .onConflictDoNothing();
}

/**
 * What the automatic fix is told about a FAILED report: the first failed step's page and every failed step,
 * console error and failed request (capped), filed under the page the walk failed on.
 */
export function verificationFailure(report: VerificationReport, modules: readonly Module[]): CodeFailure {
  const failed = report.steps.filter((s) => !s.ok);
  const lines = [
    'Verification in the browser failed.',
    ...failed.map((s) => `- ${s.viewport}: ${s.action} failed: ${s.detail ?? 'no detail'}`),
    ...report.consoleErrors.slice(0, 5).map((e) => `- console error: ${e}`),
    ...report.failedRequests.slice(0, 5).map((r) => `- failed request: ${r}`),
  ];
  // The module named in the first error (`path: message`), else the first changed page.
  const named = failed
    .map((s) => /^([\w@./[\]()-]+\.[jt]sx?): /.exec(s.detail ?? '')?.[1])
    .find((p) => p && modules.some((m) => m.filePath === p));
  const page = modules.find((m) => PAGE_TYPES.has(m.moduleType))?.filePath;
  return {
    filePath: named ?? page ?? modules[0]?.filePath ?? 'apps/web/src/app/page.tsx',
    message: lines.join('\n').slice(0, MAX_FIX_CONTEXT),
  };
}
