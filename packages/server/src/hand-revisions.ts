/**
 * @module Revisions made by hand: a save in the code editor (CODE_CHANGE) or a visual edit in the preview
 * (TEXT_CHANGE, IMAGE_CHANGE, LINK_CHANGE, DELETION). No model and no credits: the revision is queued with its
 * final modules and the worker only validates it (jobs/hand-run.ts), so a hand edit is checked like any
 * generation — compiled, rendered in headless Chromium — and a broken one ends INVALID_CODE with Fix it offered.
 */
import {
  defaultFilePath,
  defaultModuleName,
  KilnError,
  moduleTypeFromPath,
  SOURCE_DIRECTORIES,
  validateModulePath,
} from '@kiln/core';
import type { User } from './accounts';
import type { Db } from './db/index';
import type { StoredModule } from './db/schema';
import { SERVER_MESSAGES } from './messages';
import { recordProjectGroupRevision } from './project-group-revisions';
import { getProject, getRevision, latestRevisionForUpdate, queueRevision, type Revision } from './projects';

/** The revision actions made by hand: validated, never generated, never charged. */
export const HAND_ACTIONS = [
  'CODE_CHANGE',
  'TEXT_CHANGE',
  'IMAGE_CHANGE',
  'LINK_CHANGE',
  'DELETION',
] as const;
export type HandAction = (typeof HAND_ACTIONS)[number];

/** Whether a revision's action is a hand edit (validated only). */
export function isHandAction(action: string | null | undefined): action is HandAction {
  return (HAND_ACTIONS as readonly string[]).includes(action ?? '');
}

/** Longest description of a hand edit kept as the revision's prompt and chat line. */
const MAX_PROMPT = 500;

/**
 * Queue a hand-made revision with `modules` as its complete module list, on top of the latest revision. With
 * `baseRevisionId` (the revision the edit was made on), an outdated base is refused with the conflict message
 * (`latestRevisionForUpdate`), never silently overwritten. The worker validates it next; `onQueued` wakes it.
 */
export async function queueHandRevision(
  db: Db,
  user: User,
  input: {
    projectId: string;
    action: HandAction;
    /** What was done, in people's words: "Edited apps/web/src/app/page.tsx by hand." */
    prompt: string;
    modules: StoredModule[];
    baseRevisionId?: string | null;
    /** What the run needs besides the modules (hand-written migrations). */
    context?: Revision['context'];
  },
): Promise<Revision> {
  if (!isHandAction(input.action)) throw new KilnError('validation', `${input.action} is not a hand edit.`);
  const { organizationId } = await getProject(db, user, input.projectId, 'EDITOR');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const revision = await queueRevision(t, {
      projectId: input.projectId,
      organizationId,
      user,
      prompt: input.prompt.slice(0, MAX_PROMPT),
      action: input.action,
      parent: await latestRevisionForUpdate(t, input.projectId, input.baseRevisionId),
      context: input.context ?? null,
      handModules: input.modules,
    });
    await recordProjectGroupRevision(
      t,
      { projectId: input.projectId },
      { action: 'CHAT', authorId: user.id },
    );
    return revision;
  });
}

/** Longest module a hand edit may save (the same order as a model's largest files, with room to spare). */
export const MAX_HAND_MODULE_BYTES = 512 * 1024;

/**
 * The code editor's save (GraphQL `saveModule`): `filePath` gets `content` (created when new) in a CODE_CHANGE
 * revision on `baseRevisionId`. The path must be a valid module path (core's rule); its type follows from it.
 */
export async function saveModule(
  db: Db,
  user: User,
  input: { projectId: string; filePath: string; content: string; baseRevisionId?: string | null },
): Promise<Revision> {
  validateModulePath(input.filePath);
  if (Buffer.byteLength(input.content) > MAX_HAND_MODULE_BYTES)
    throw new KilnError('validation', `A module may have at most ${MAX_HAND_MODULE_BYTES / 1024} KB.`);
  const project = await getProject(db, user, input.projectId, 'EDITOR');
  const latest = project.latestRevisionId ? await getRevision(db, project.latestRevisionId) : undefined;
  const modules = [...(latest?.modules ?? [])];
  const at = modules.findIndex((m) => m.filePath === input.filePath);
  const existed = at >= 0;
  if (existed) modules[at] = { ...modules[at]!, content: input.content };
  else
    modules.push({
      filePath: input.filePath,
      moduleType: moduleTypeFromPath(input.filePath),
      content: input.content,
    });
  return queueHandRevision(db, user, {
    projectId: input.projectId,
    action: 'CODE_CHANGE',
    prompt: `${existed ? 'Edited' : 'Created'} ${input.filePath} by hand.`,
    modules,
    // Without a base the edit is on what was latest when it arrived; the transaction re-checks it is still so.
    baseRevisionId: input.baseRevisionId ?? latest?.id ?? null,
  });
}

/** The module types the editor's New menu makes (spec default names: New Page, New Component, …). */
export const NEW_MODULE_TYPES = ['PAGE', 'COMPONENT', 'FUNCTION', 'EXPO_PAGE'] as const;
export type NewModuleType = (typeof NEW_MODULE_TYPES)[number];

/** How many numbered names ("New Page 2", "New Page 3", …) are tried before a new module gives up. */
const MAX_NAME_TRIES = 100;
/** Longest name a new module may have (the same bound as a project's name). */
const MAX_MODULE_NAME = 100;

/** A PascalCase identifier for a component or page function from a display name ("New Page" → NewPage). */
function identifierFor(name: string, fallback: string): string {
  const id = name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return /^[A-Z]/.test(id) ? id : fallback;
}

/**
 * The small, valid source a new module starts with: it compiles and renders (pages, components) or answers
 * (functions) as it is, so a module made by hand is VALID before anyone edits it.
 */
export function starterSource(moduleType: NewModuleType, name: string): string {
  switch (moduleType) {
    case 'PAGE': {
      const fn = `${identifierFor(name, 'New')}Page`.replace(/PagePage$/, 'Page');
      return `export default function ${fn}() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-12">
      <h1 className="text-3xl font-bold tracking-tight">${name}</h1>
      <p className="mt-3 text-slate-600">Write this page's content here.</p>
    </main>
  );
}
`;
    }
    case 'COMPONENT': {
      const fn = identifierFor(name, 'NewComponent');
      return `export default function ${fn}({ children }: { children?: React.ReactNode }) {
  return <div className="rounded-xl border border-slate-200 p-4">{children ?? '${name}'}</div>;
}
`;
    }
    case 'FUNCTION':
      return `/** GET ${name}: answers with a greeting; replace it with what this function should do. */
export async function GET(request: Request) {
  return Response.json({ ok: true, message: 'Hello from ${name}.' });
}
`;
    case 'EXPO_PAGE': {
      const fn = `${identifierFor(name, 'New')}Screen`;
      return `import { StyleSheet, Text, View } from 'react-native';

export default function ${fn}() {
  return (
    <View style={styles.container}>
      <Text style={styles.title}>${name}</Text>
    </View>
  );
}

const styles = StyleSheet.create({
  container: { flex: 1, alignItems: 'center', justifyContent: 'center', padding: 24 },
  title: { fontSize: 24, fontWeight: '700' },
});
`;
    }
  }
}

/** The latest revision's modules, with the project checked for EDITOR rights. */
async function latestModules(db: Db, user: User, projectId: string) {
  const project = await getProject(db, user, projectId, 'EDITOR');
  const latest = project.latestRevisionId ? await getRevision(db, project.latestRevisionId) : undefined;
  return { latest, modules: [...(latest?.modules ?? [])] };
}

/**
 * New Page / New Component / New Function / New Mobile Page (GraphQL `createModule`): a CODE_CHANGE revision
 * that adds a starter module at the type's default path for `name` (default: the spec's default name). A name
 * whose path is taken gets the next free number: "New Page 2" at `/new-page-2`.
 */
export async function createModule(
  db: Db,
  user: User,
  input: { projectId: string; moduleType: string; name?: string | null; baseRevisionId?: string | null },
): Promise<Revision> {
  if (!(NEW_MODULE_TYPES as readonly string[]).includes(input.moduleType))
    throw new KilnError(
      'validation',
      `A new module is one of ${NEW_MODULE_TYPES.join(', ')}; ${input.moduleType} is not.`,
    );
  const moduleType = input.moduleType as NewModuleType;
  const given = input.name?.trim() || defaultModuleName(moduleType);
  if (given.length > MAX_MODULE_NAME) throw new KilnError('validation', SERVER_MESSAGES.nameTooLong);
  const { latest, modules } = await latestModules(db, user, input.projectId);
  const taken = new Set(modules.map((m) => m.filePath));
  let name = given;
  let filePath = defaultFilePath(moduleType, name);
  for (let n = 2; taken.has(filePath); n++) {
    if (n > MAX_NAME_TRIES) throw new KilnError('conflict', `${filePath} already exists.`, { filePath });
    name = `${given} ${n}`;
    filePath = defaultFilePath(moduleType, name);
  }
  modules.push({ filePath, moduleType, content: starterSource(moduleType, name) });
  return queueHandRevision(db, user, {
    projectId: input.projectId,
    action: 'CODE_CHANGE',
    prompt: `Created ${filePath} by hand.`,
    modules,
    baseRevisionId: input.baseRevisionId ?? latest?.id ?? null,
  });
}

/** How other modules import a module by its alias: `apps/web/src/components/Card.tsx` → `@/components/Card`. */
function aliasOf(filePath: string): string | null {
  const dir = SOURCE_DIRECTORIES.find((d) => filePath.startsWith(d));
  return dir ? `@/${filePath.slice(dir.length).replace(/\.[jt]sx?$/, '')}` : null;
}

/** `content` with imports of `from` (by its `@/` alias, with or without extension) pointing at `to`. */
function retargetImports(content: string, from: string, to: string): string {
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return content.replace(
    new RegExp(`(['"])${escaped}(\\.[jt]sx?)?\\1`, 'g'),
    (_m, q: string) => `${q}${to}${q}`,
  );
}

/**
 * Rename (move) a module by hand (GraphQL `renameModule`): a CODE_CHANGE revision where `filePath` becomes
 * `newFilePath` — its type follows the new path — and other modules' `@/…` imports of it follow too.
 */
export async function renameModule(
  db: Db,
  user: User,
  input: { projectId: string; filePath: string; newFilePath: string; baseRevisionId?: string | null },
): Promise<Revision> {
  validateModulePath(input.newFilePath);
  const { latest, modules } = await latestModules(db, user, input.projectId);
  const at = modules.findIndex((m) => m.filePath === input.filePath);
  if (at < 0)
    throw new KilnError('not_found', `${input.filePath} does not exist.`, { filePath: input.filePath });
  if (input.newFilePath === input.filePath)
    throw new KilnError('validation', 'The new path is the same as the old one.');
  if (modules.some((m) => m.filePath === input.newFilePath))
    throw new KilnError('conflict', `${input.newFilePath} already exists.`, { filePath: input.newFilePath });
  const from = aliasOf(input.filePath);
  const to = aliasOf(input.newFilePath);
  const renamed = modules.map((m, i) =>
    i === at
      ? { ...m, filePath: input.newFilePath, moduleType: moduleTypeFromPath(input.newFilePath) }
      : from && to && from.startsWith('@/') && to.startsWith('@/')
        ? { ...m, content: retargetImports(m.content, from, to) }
        : m,
  );
  return queueHandRevision(db, user, {
    projectId: input.projectId,
    action: 'CODE_CHANGE',
    prompt: `Renamed ${input.filePath} to ${input.newFilePath} by hand.`,
    modules: renamed,
    baseRevisionId: input.baseRevisionId ?? latest?.id ?? null,
  });
}

/** Delete a module by hand (GraphQL `deleteModule`): a CODE_CHANGE revision without it. */
export async function deleteModule(
  db: Db,
  user: User,
  input: { projectId: string; filePath: string; baseRevisionId?: string | null },
): Promise<Revision> {
  const { latest, modules } = await latestModules(db, user, input.projectId);
  const rest = modules.filter((m) => m.filePath !== input.filePath);
  if (rest.length === modules.length)
    throw new KilnError('not_found', `${input.filePath} does not exist.`, { filePath: input.filePath });
  return queueHandRevision(db, user, {
    projectId: input.projectId,
    action: 'CODE_CHANGE',
    prompt: `Deleted ${input.filePath} by hand.`,
    modules: rest,
    baseRevisionId: input.baseRevisionId ?? latest?.id ?? null,
  });
}

/** A migration's name: what `<kiln:migration name="…">` allows (lower-case words joined by `_`). */
const MIGRATION_NAME = /^[a-z][a-z0-9_]{0,62}$/;
/** Longest hand-written migration (the same order as a model's). */
export const MAX_HAND_MIGRATION_BYTES = 64 * 1024;

/**
 * A migration written by hand in the code editor (`addMigration`): a CODE_CHANGE revision with the same modules
 * whose run applies the SQL to the development branch first, like a model's `<kiln:migration>` (applied once,
 * recorded in the app's migrations, never changed after: a correction is a new migration). A name already used
 * is refused; a migration the database rejects is reported in the chat and recorded FAILED.
 */
export async function addMigration(
  db: Db,
  user: User,
  input: { projectId: string; name: string; sql: string; baseRevisionId?: string | null },
  taken: (projectId: string) => Promise<readonly string[]>,
): Promise<Revision> {
  const name = input.name.trim();
  if (!MIGRATION_NAME.test(name))
    throw new KilnError(
      'validation',
      'A migration name is lower-case letters, digits and underscores, starting with a letter (create_todos).',
    );
  const sqlText = input.sql.trim();
  if (!sqlText) throw new KilnError('validation', 'The migration has no SQL.');
  if (Buffer.byteLength(sqlText) > MAX_HAND_MIGRATION_BYTES)
    throw new KilnError('validation', `A migration may have at most ${MAX_HAND_MIGRATION_BYTES / 1024} KB.`);
  const project = await getProject(db, user, input.projectId, 'EDITOR');
  if ((await taken(input.projectId)).includes(name))
    throw new KilnError(
      'conflict',
      `There is already a migration named ${name}: write a new one to change it.`,
    );
  const latest = project.latestRevisionId ? await getRevision(db, project.latestRevisionId) : undefined;
  return queueHandRevision(db, user, {
    projectId: input.projectId,
    action: 'CODE_CHANGE',
    prompt: `Wrote the database migration ${name} by hand.`,
    modules: [...(latest?.modules ?? [])],
    baseRevisionId: input.baseRevisionId ?? latest?.id ?? null,
    context: { migrations: [{ name, sql: sqlText }] },
  });
}
