/**
 * The block reducer: one parser event (`ParsedBlockEvent`) applied to a generation's state (`RunState`),
 * as a pure function of (state, event) → (state, events). It applies files, edits, deletes and renames to
 * the modules, names migrations uniquely, records tool calls, message blocks and problems, and returns the
 * `GenerationEvent`s the step yields. It does no I/O and never mutates the state it is given; `generate`
 * (generate.ts) feeds it the provider's parsed reply and decides everything that needs the provider.
 * @module
 */

import type { ModuleType } from '@kiln/core';
import { isAuthPageModuleType, isModuleType, moduleTypeFromPath } from '@kiln/core';
import { applyEdits, EditOverlapError } from './apply-edits.ts';
import { MAX_CONTINUATIONS, type RunContext, type RunState, type ToolCall } from './generation-state.ts';
import { repairModulePath } from './module-path-repair.ts';
import type { ParsedBlockEvent } from './output-parser.ts';
import { splitProseTail } from './prose-tail.ts';
import type { GenerationEvent, GenModule, GenToolStatus } from './types.ts';

/** The tool a model calls with `<kiln:tool-call name="package_documentation">` (the default name). */
export const PACKAGE_DOCUMENTATION = 'package_documentation' as const;

/** One step of the reducer: the new state and the events to yield, in order. */
export interface Step {
  state: RunState;
  events: GenerationEvent[];
}

/** A step's working copy: fields are replaced (with new maps, sets and arrays), never changed in place. */
type Draft = { -readonly [K in keyof RunState]: RunState[K] };

/** Applies one parser event to the state. Pure: `state` is left as it was. */
export function reduceBlock(state: RunState, ev: ParsedBlockEvent, ctx: RunContext): Step {
  const d: Draft = { ...state };
  const events: GenerationEvent[] = [];
  applyEvent(d, ev, ctx, events);
  return { state: d, events };
}

/**
 * A tool call's status changed (`running` when its block ended, then its answer, or `cancelled`): its message
 * block is created or updated and a `tool` event is returned. A call to a tool that is not offered gets
 * neither (it is answered quietly).
 */
export function toolStatus(
  state: RunState,
  call: ToolCall,
  status: GenToolStatus,
  ctx: RunContext,
  output?: string,
): Step {
  const d: Draft = { ...state };
  const events: GenerationEvent[] = [];
  setToolStatus(d, call, status, ctx, events, output);
  return { state: d, events };
}

/** Runs each event through the reducer in turn (a parser's chunk of events), collecting what they yield. */
export function reduceBlocks(state: RunState, evs: Iterable<ParsedBlockEvent>, ctx: RunContext): Step {
  let next = state;
  const events: GenerationEvent[] = [];
  for (const ev of evs) {
    const step = reduceBlock(next, ev, ctx);
    next = step.state;
    events.push(...step.events);
  }
  return { state: next, events };
}

function setToolStatus(
  d: Draft,
  call: ToolCall,
  status: GenToolStatus,
  ctx: RunContext,
  events: GenerationEvent[],
  output?: string,
): number | undefined {
  // The event names the offered tools only; a call to a tool that does not exist is answered quietly.
  const tool = ctx.tools.find((t) => t === call.name);
  if (!tool) return undefined;
  const slots = [...d.slots];
  let slot = call.slot;
  const block = slot !== undefined ? slots[slot] : undefined;
  if (slot !== undefined && block?.kind === 'tool-call') slots[slot] = { ...block, status };
  else {
    slot = slots.length;
    slots.push({ kind: 'tool-call', tool, input: call.input, status });
  }
  d.slots = slots;
  events.push({ type: 'tool', tool, status, input: call.input, ...(output !== undefined ? { output } : {}) });
  return slot;
}

function touch(d: Draft, filePath: string): void {
  if (d.touched.has(filePath)) return;
  d.touched = new Set(d.touched).add(filePath);
  d.slots = [...d.slots, { kind: 'module', filePath }];
}

function statusFor(d: Draft, moduleType: ModuleType, events: GenerationEvent[]): void {
  if (moduleType === 'FUNCTION') {
    if (!d.sawFunctionality) {
      d.sawFunctionality = true;
      events.push({ type: 'status', status: 'BUILDING_FUNCTIONALITY' });
    }
  } else if (!d.sawUi) {
    d.sawUi = true;
    events.push({ type: 'status', status: 'BUILDING_UI' });
  }
}

/** A migration name not applied before and not written earlier in this generation (`x`, `x_2`, `x_3`…). */
function uniqueMigrationName(d: Draft, name: string, ctx: RunContext): string {
  const taken = (n: string) => ctx.appliedMigrations.has(n) || d.migrations.some((m) => m.name === n);
  if (!taken(name)) return name;
  let i = 2;
  while (taken(`${name}_${i}`)) i++;
  return `${name}_${i}`;
}

function put(d: Draft, filePath: string, moduleType: ModuleType, content: string): GenModule {
  // Auth pages carry the spec's withCustomAuth flag (§5: allowed only with custom auth on).
  const module: GenModule = isAuthPageModuleType(moduleType)
    ? { filePath, moduleType, content, withCustomAuth: true }
    : { filePath, moduleType, content };
  d.modules = new Map(d.modules).set(filePath, module);
  touch(d, filePath);
  if (d.retrying) d.retried = new Set(d.retried).add(filePath);
  return module;
}

function remove(d: Draft, filePath: string): boolean {
  if (!d.modules.has(filePath)) return false;
  const modules = new Map(d.modules);
  modules.delete(filePath);
  d.modules = modules;
  return true;
}

/** The valid module path a block's path means, or null after reporting it (once per path) as a problem. */
function pathOf(d: Draft, raw: string, report: boolean): string | null {
  if (!raw.trim()) {
    if (report)
      d.problems = [
        ...d.problems,
        {
          kind: 'unparsed',
          message: 'The model wrote an edit without a file path, so it could not be applied.',
        },
      ];
    return null;
  }
  const repaired = repairModulePath(raw, d.modules.keys());
  if ('path' in repaired) return repaired.path;
  if (report && !d.problems.some((p) => p.kind === 'invalid-path' && p.filePath === raw.trim())) {
    d.problems = [
      ...d.problems,
      { kind: 'invalid-path', filePath: raw.trim(), message: `${repaired.error}: not saved.` },
    ];
  }
  return null;
}

/** Puts back the module a cut-off block started from, and reports the block as truncated. */
function undoCutOff(
  d: Draft,
  filePath: string,
  base: GenModule | undefined,
  ctx: RunContext,
  events: GenerationEvent[],
): void {
  // A file the retry did not finish does not answer the retry.
  if (d.retried.has(filePath)) {
    const retried = new Set(d.retried);
    retried.delete(filePath);
    d.retried = retried;
  }
  if (base) {
    d.modules = new Map(d.modules).set(filePath, { ...base });
    events.push({ type: 'module', module: { ...base }, done: true });
  } else if (remove(d, filePath)) {
    events.push({ type: 'delete', filePath });
  }
  d.problems = [
    ...d.problems,
    {
      kind: 'truncated',
      filePath,
      message: `The model's reply was cut off at its output limit while writing ${filePath}${ctx.canAskAgain && !d.retryCutOff ? `, even after asking it to continue ${MAX_CONTINUATIONS} times` : ''}; that file was not changed.`,
    },
  ];
}

function say(d: Draft, text: string, events: GenerationEvent[]): void {
  d.message += text;
  events.push({ type: 'text', text });
}

function applyEvent(d: Draft, ev: ParsedBlockEvent, ctx: RunContext, events: GenerationEvent[]): void {
  if (['file', 'edit', 'delete', 'rename', 'migration'].includes(ev.type)) d.sawBlock = true;
  // The retry reply is asked for files only: its chat text and any other block are not part of the answer.
  if (d.retrying && ev.type !== 'file' && ev.type !== 'edit') return;
  switch (ev.type) {
    case 'text':
      say(d, ev.text, events);
      return;
    case 'thinking': {
      if (ev.done) {
        d.thinking = -1;
        return;
      }
      const open = d.slots[d.thinking];
      if (d.thinking >= 0 && open?.kind === 'thinking') {
        const slots = [...d.slots];
        slots[d.thinking] = { kind: 'thinking', text: open.text + ev.text };
        d.slots = slots;
      } else {
        d.thinking = d.slots.length;
        d.slots = [...d.slots, { kind: 'thinking', text: ev.text }];
      }
      return;
    }
    case 'tool-result':
      // A tool result in the model's own reply was made up by the model: never shown, never used.
      return;
    case 'choices':
      if (ev.choices.length > 0) d.slots = [...d.slots, { kind: 'choices', choices: [...ev.choices] }];
      return;
    case 'publish':
      // One suggestion to publish is enough, however often a reply makes it.
      if (!d.slots.some((b) => b.kind === 'publish'))
        d.slots = [...d.slots, ev.reason ? { kind: 'publish', reason: ev.reason } : { kind: 'publish' }];
      return;
    case 'verify':
      // The last walk of a reply is the one verification performs.
      if (ev.steps.length > 0) d.walk = ev.steps;
      return;
    case 'knowledge':
      // A proposal made twice in one reply is shown once.
      if (!d.slots.some((b) => b.kind === 'knowledge' && b.text === ev.text))
        d.slots = [...d.slots, { kind: 'knowledge', text: ev.text }];
      return;
    case 'secret':
      // One request per name: the chat shows one input for it.
      if (!d.slots.some((b) => b.kind === 'secret' && b.name === ev.name))
        d.slots = [
          ...d.slots,
          ev.reason
            ? { kind: 'secret', name: ev.name, reason: ev.reason }
            : { kind: 'secret', name: ev.name },
        ];
      return;
    case 'migration': {
      if (!ev.sql.trim()) return;
      statusFor(d, 'FUNCTION', events);
      const migration = { name: uniqueMigrationName(d, ev.name, ctx), sql: ev.sql };
      if (ev.done) {
        d.migrations = [...d.migrations, migration];
        d.slots = [...d.slots, { kind: 'function', migration: migration.name }];
      }
      events.push({ type: 'migration', migration: { ...migration }, done: ev.done });
      return;
    }
    case 'tool-call': {
      const call = { name: ev.name || PACKAGE_DOCUMENTATION, input: ev.input };
      const slot = setToolStatus(d, call, 'running', ctx, events);
      d.pendingCalls = [...d.pendingCalls, slot !== undefined ? { ...call, slot } : call];
      return;
    }
    case 'file':
      applyFile(d, ev, ctx, events);
      return;
    case 'edit':
      applyEdit(d, ev, ctx, events);
      return;
    case 'delete': {
      const filePath = pathOf(d, ev.path, false) ?? normalisePath(ev.path);
      if (!remove(d, filePath)) return;
      touch(d, filePath);
      events.push({ type: 'delete', filePath });
      return;
    }
    case 'rename': {
      const from = pathOf(d, ev.from, false) ?? normalisePath(ev.from);
      const to = pathOf(d, ev.to, true);
      if (!to) return;
      const existing = d.modules.get(from);
      if (!existing || from === to) return;
      remove(d, from);
      touch(d, from);
      events.push({ type: 'delete', filePath: from });
      const inferred = moduleTypeFromPath(to);
      const moduleType = inferred === 'FILE' ? existing.moduleType : inferred;
      events.push({ type: 'module', module: { ...put(d, to, moduleType, existing.content) }, done: true });
      return;
    }
  }
}

function applyFile(
  d: Draft,
  ev: Extract<ParsedBlockEvent, { type: 'file' }>,
  ctx: RunContext,
  events: GenerationEvent[],
): void {
  let filePath: string | null;
  if (ev.path.trim()) {
    filePath = pathOf(d, ev.path, ev.done);
    if (!filePath) return;
  } else {
    // A block without a path: decided only once it is complete, so its drafts never become modules.
    if (!ev.done) return;
    filePath = pathFromContent(ev.content);
    if (!filePath) {
      // Without a path the code cannot become a module; keep it visible rather than lose it.
      if (ev.content.trim()) {
        say(d, `\n\`\`\`tsx\n${ev.content}\`\`\`\n`, events);
        d.problems = [
          ...d.problems,
          {
            kind: 'unparsed',
            message:
              'The model wrote a file without a path, so it could not be saved; its code is shown above.',
          },
        ];
      }
      return;
    }
  }
  if (d.fileBase?.path !== filePath) d.fileBase = { path: filePath, module: d.modules.get(filePath) };
  if (ev.done && !ev.closed && d.cutOff) {
    const base = d.fileBase.module;
    d.fileBase = null;
    undoCutOff(d, filePath, base, ctx, events);
    return;
  }
  if (ev.done) d.fileBase = null;
  const moduleType = typeFor(filePath, ev.moduleType, d.modules.get(filePath)?.moduleType);
  statusFor(d, moduleType, events);
  // A block whose closer is missing ends where the module does; prose after it is chat text.
  const split = ev.done && !ev.closed ? splitProseTail(ev.content) : null;
  const content = split ? split.code : ev.content;
  events.push({ type: 'module', module: { ...put(d, filePath, moduleType, content) }, done: ev.done });
  if (split && !d.retrying) say(d, `\n${split.prose}\n`, events);
}

function applyEdit(
  d: Draft,
  ev: Extract<ParsedBlockEvent, { type: 'edit' }>,
  ctx: RunContext,
  events: GenerationEvent[],
): void {
  const filePath = pathOf(d, ev.path, ev.done);
  if (!filePath) return;
  if (d.editBase?.path !== filePath)
    d.editBase = { path: filePath, content: d.modules.get(filePath)?.content ?? null };
  if (ev.done && !ev.closed && d.cutOff) {
    const base = d.editBase.content;
    const module = d.modules.get(filePath);
    d.editBase = null;
    undoCutOff(d, filePath, base === null || !module ? undefined : { ...module, content: base }, ctx, events);
    return;
  }
  const existing = d.modules.get(filePath);
  const moduleType = typeFor(filePath, null, existing?.moduleType);
  if (ev.wholeFile !== undefined) {
    statusFor(d, moduleType, events);
    events.push({ type: 'module', module: { ...put(d, filePath, moduleType, ev.wholeFile) }, done: true });
    d.editBase = null;
    return;
  }
  const base = d.editBase.content;
  if (ev.done) d.editBase = null;
  if (base === null) {
    // Editing a file that does not exist: only empty SEARCH blocks (appends) can create it.
    if (ev.edits.length > 0 && ev.edits.every((e) => e.search.trim() === '')) {
      const { content } = applyEdits('', ev.edits);
      statusFor(d, moduleType, events);
      events.push({ type: 'module', module: { ...put(d, filePath, moduleType, content) }, done: ev.done });
    } else if (ev.done && ev.edits.length > 0) {
      d.missedEdits = [...d.missedEdits, { filePath, missed: ev.edits.length, reason: 'no-file' }];
    }
    return;
  }
  let result: { content: string; missed: number };
  try {
    result = applyEdits(base, ev.edits);
  } catch (e) {
    if (!(e instanceof EditOverlapError)) throw e;
    if (ev.done) d.missedEdits = [...d.missedEdits, { filePath, missed: ev.edits.length, reason: 'overlap' }];
    if (!ev.done) return;
    result = { content: base, missed: ev.edits.length };
  }
  if (
    ev.done &&
    result.missed > 0 &&
    !d.missedEdits.some((m) => m.filePath === filePath && m.reason === 'overlap')
  ) {
    d.missedEdits = [...d.missedEdits, { filePath, missed: result.missed, reason: 'no-match' }];
  }
  statusFor(d, moduleType, events);
  events.push({ type: 'module', module: { ...put(d, filePath, moduleType, result.content) }, done: ev.done });
}

/** The module type of a file: the tag's `type` when valid, the path's, or the type it already had. */
function typeFor(filePath: string, declared: string | null, existing: ModuleType | undefined): ModuleType {
  const inferred = moduleTypeFromPath(filePath);
  // The path decides (a `type` that disagrees with it is corrected), except an auth page kept at another
  // page path; a FILE path keeps the type the module had.
  if (declared && isModuleType(declared) && isAuthPageModuleType(declared) && inferred === 'PAGE')
    return declared;
  if (inferred !== 'FILE') return inferred;
  return existing ?? 'FILE';
}

function normalisePath(path: string): string {
  return path
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\.?\//, '');
}

/**
 * The path of a pathless block from its `export default function Name`: the root page for App, Home,
 * HomePage, Index, Page, Main or Landing(Page); `app/{segment}/page.tsx` for another `…Page`; else the
 * component `components/{Name}.tsx`. Empty when it declares no such function.
 */
function pathFromContent(content: string): string {
  const name = /export\s+default\s+function\s+([A-Z][A-Za-z0-9]*)/.exec(content)?.[1];
  if (!name) return '';
  if (/^(?:App|Home|HomePage|Index|IndexPage|Page|Main|MainPage|Landing|LandingPage)$/.test(name))
    return 'apps/web/src/app/page.tsx';
  const page = /^([A-Z][A-Za-z0-9]*?)Page$/.exec(name)?.[1];
  if (page) return `apps/web/src/app/${page.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}/page.tsx`;
  return `apps/web/src/components/${name}.tsx`;
}
