/**
 * @module
 * Visual edits from the preview's Select mode (issue 17): a clicked element's text, image or link changed, or
 * the element deleted, as the smallest source edit of that element (`@kiln/codegen` applyVisualEdit, tree-sitter)
 * in a hand revision (TEXT_CHANGE, IMAGE_CHANGE, LINK_CHANGE, DELETION: validated, never charged; undone by
 * Restore); and "describe a change" to just that element: a UI_PATCH revision generated like a chat message
 * (charged like CHAT) whose prompt names the element's file, line, column and source.
 */
import {
  applyVisualEdit,
  describeElement,
  traceElementValue,
  type ValueOrigin,
  type VisualEditKind,
} from '@kiln/codegen';
import { KilnError } from '@kiln/core';
import type { User } from './accounts';
import type { Db } from './db/index';
import { type HandAction, queueHandRevision } from './hand-revisions';
import { SERVER_MESSAGES as M } from './messages';
import { recordProjectGroupRevision } from './project-group-revisions';
import { getProject, getRevision, latestRevisionForUpdate, queueRevision, type Revision } from './projects';

/** The revision action each kind of visual edit makes. */
export const VISUAL_EDIT_ACTIONS: Readonly<Record<VisualEditKind, HandAction>> = Object.freeze({
  TEXT: 'TEXT_CHANGE',
  IMAGE: 'IMAGE_CHANGE',
  LINK: 'LINK_CHANGE',
  DELETE: 'DELETION',
});

/** Longest instruction for a UI_PATCH (a chat message's worth). */
const MAX_INSTRUCTION = 4000;
/** Longest element source quoted in a UI_PATCH prompt; a longer one is cut (the model has the file). */
const MAX_QUOTED_SOURCE = 1500;

/** Where a clicked element starts, as the preview reported it. */
export interface ElementInput {
  projectId: string;
  /** The revision the preview showed; an edit on an outdated one is a conflict. */
  baseRevisionId: string;
  filePath: string;
  line: number;
  column: number;
}

/** The base revision of an edit, checked to be the project's. */
async function baseRevision(db: Db, input: ElementInput): Promise<Revision> {
  const base = await getRevision(db, input.baseRevisionId);
  if (!base || base.projectId !== input.projectId) throw new KilnError('not_found', M.revisionNotFound);
  if (!Number.isInteger(input.line) || !Number.isInteger(input.column) || input.line < 1 || input.column < 1)
    throw new KilnError('validation', 'line and column are 1-based positions.');
  return base;
}

/**
 * Changes the text, image or link of the element at the position, or deletes it: a TEXT_CHANGE, IMAGE_CHANGE,
 * LINK_CHANGE or DELETION revision on `baseRevisionId` with the edited module(s). `current` is what the element
 * shows now; it finds the literal when the text is written as code (a loop's array, a parent's prop).
 */
export async function visualEdit(
  db: Db,
  user: User,
  input: ElementInput & { kind: VisualEditKind; value?: string | null; current?: string | null },
): Promise<Revision> {
  await getProject(db, user, input.projectId, 'EDITOR');
  const base = await baseRevision(db, input);
  const result = await applyVisualEdit(
    base.modules,
    { filePath: input.filePath, line: input.line, column: input.column },
    {
      kind: input.kind,
      ...(input.value != null && { value: input.value }),
      ...(input.current != null && { current: input.current }),
    },
  );
  const changed = new Map(result.changed.map((m) => [m.filePath, m.content]));
  const modules = base.modules.map((m) =>
    changed.has(m.filePath) ? { ...m, content: changed.get(m.filePath) as string } : m,
  );
  return queueHandRevision(db, user, {
    projectId: input.projectId,
    action: VISUAL_EDIT_ACTIONS[input.kind],
    prompt: result.description,
    modules,
    baseRevisionId: base.id,
  });
}

/** Where each value the Select mode panel can change is written (null for one the element does not show). */
export interface ElementOrigins {
  text: ValueOrigin | null;
  src: ValueOrigin | null;
  href: ValueOrigin | null;
}

/**
 * Where the text, image and link a clicked element shows now are written (GraphQL `elementOrigins`): in the
 * element, or — for an element from a loop or a component's prop — in the literal an edit would change, or why no
 * visual edit can change it. Read-only (VIEWER and up); the panel says it before anyone types.
 */
export async function elementOrigins(
  db: Db,
  user: User,
  input: ElementInput & { text?: string | null; src?: string | null; href?: string | null },
): Promise<ElementOrigins> {
  await getProject(db, user, input.projectId, 'VIEWER');
  const base = await baseRevision(db, input);
  const loc = { filePath: input.filePath, line: input.line, column: input.column };
  const trace = (kind: 'TEXT' | 'IMAGE' | 'LINK', current: string | null | undefined) =>
    current == null ? Promise.resolve(null) : traceElementValue(base.modules, loc, kind, current);
  // One at a time: the visual-edit parser is one instance.
  const text = await trace('TEXT', input.text);
  const src = await trace('IMAGE', input.src);
  const href = await trace('LINK', input.href);
  return { text, src, href };
}

/**
 * "Describe a change" to one element: a UI_PATCH revision, generated and charged like a chat message, whose
 * prompt names the element (file, line, column, tag and its source) and asks for a change to it alone.
 */
export async function patchElement(
  db: Db,
  user: User,
  input: ElementInput & { instruction: string },
): Promise<Revision> {
  const instruction = input.instruction.trim().slice(0, MAX_INSTRUCTION);
  if (!instruction) throw new KilnError('validation', M.emptyPrompt);
  const { organizationId } = await getProject(db, user, input.projectId, 'EDITOR');
  const base = await baseRevision(db, input);
  const loc = { filePath: input.filePath, line: input.line, column: input.column };
  const element = await describeElement(base.modules, loc);
  if (!element)
    throw new KilnError(
      'validation',
      `No element starts at line ${loc.line}, column ${loc.column} of ${loc.filePath}: the code changed since the preview showed it.`,
    );
  const quoted =
    element.source.length > MAX_QUOTED_SOURCE
      ? `${element.source.slice(0, MAX_QUOTED_SOURCE)}…`
      : element.source;
  const prompt = [
    `Change only the <${element.tag}> element at ${loc.filePath}, line ${loc.line}, column ${loc.column}:`,
    instruction,
    '',
    'The element now:',
    quoted,
  ].join('\n');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const parent = await latestRevisionForUpdate(t, input.projectId, base.id);
    const revision = await queueRevision(t, {
      projectId: input.projectId,
      organizationId,
      user,
      prompt,
      action: 'UI_PATCH',
      parent,
    });
    await recordProjectGroupRevision(
      t,
      { projectId: input.projectId },
      { action: 'CHAT', authorId: user.id },
    );
    return revision;
  });
}
