/**
 * @module A project's revisions as git commits (issue 17). The repository (`{dataDir}/git/{projectId}.git`,
 * bare) is a cache: every commit is made only from the database — tree = the revision's modules and the app
 * migrations of the committed revisions up to it, author = the member who caused it, committer = Kiln, both
 * dated at the revision's createdAt, message = its prompt (or its action) and a `Kiln-Revision: {id}` trailer —
 * so any process, on any data directory, builds the same commits with the same hashes and can catch up lazily.
 *
 * Which revisions: walking by number, a VALID or INVALID_CODE revision is a commit (it holds the project's code
 * as it then was); GENERATION_FAILED, INVALID_PROMPT, FAILED, CANCELED_AUTOFIX and any other finished status are
 * skipped (their code was never the project's); the walk stops at the first revision still waiting or building,
 * so a later revision never lands before an earlier one finishes and the history never has to be rewritten.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { isRevisionInProgress } from '@kiln/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/index';
import { appMigrations, revisions, users } from '../db/schema';
import { git, gitOk } from './cli';

/** Control characters: a tree path may not hold one (fast-import reads a path to the end of its line). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;
/** What would end a git ident's name or e-mail early. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const IDENT_BREAKERS = /[<>\n\r\u0000]/g;

/** The branch Kiln writes. */
export const GIT_BRANCH = 'main';
const REF = `refs/heads/${GIT_BRANCH}`;
/** Revision statuses that become commits. */
export const COMMITTED_STATUSES: ReadonlySet<string> = new Set(['VALID', 'INVALID_CODE']);
/** Statuses that wait before building (the walk stops there as at a building one). */
const WAITING = new Set(['CREATED']);
/** The trailer naming the revision a commit was made from. */
const TRAILER = 'Kiln-Revision';
/** Who commits (the author is the member). */
const COMMITTER = 'Kiln <kiln@kiln.invalid>';
/** Where the app's migrations sit in the tree. */
const MIGRATIONS_DIR = 'migrations';
/** Revisions whose modules are read from the database at once. */
const BATCH = 50;

export interface GitHead {
  /** The branch's tip, or null before the first commit. */
  head: string | null;
  /** Commits on the branch. */
  commits: number;
}

/** The bare repository of a project under the data directory. */
export function repositoryPath(dataDir: string, projectId: string): string {
  return join(dataDir, 'git', `${projectId}.git`);
}

/** A path git may hold: relative, no empty, `.` or `..` segment, no `.git` segment, no control characters. */
export function safeTreePath(path: string): boolean {
  if (!path || path.startsWith('/') || path.startsWith('"') || CONTROL.test(path)) return false;
  return path.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && s.toLowerCase() !== '.git');
}

/** A name or e-mail for a git ident: without the characters that would end it. */
const identPart = (s: string) => s.replace(IDENT_BREAKERS, '').trim();

function ident(user: { displayName: string; email: string } | undefined, seconds: number): string {
  const who = user
    ? `${identPart(user.displayName) || identPart(user.email)} <${identPart(user.email)}>`
    : COMMITTER;
  return `${who} ${seconds} +0000`;
}

function data(text: string): string {
  return `data ${Buffer.byteLength(text, 'utf8')}\n${text}\n`;
}

/** The commit message: the prompt (or the action), then the revision trailer. */
export function commitMessage(rev: { id: string; prompt: string | null; action: string }): string {
  const subject = rev.prompt?.trim() || rev.action;
  return `${subject}\n\n${TRAILER}: ${rev.id}\n`;
}

async function ensureRepository(dir: string): Promise<void> {
  const probe = await git(['rev-parse', '--git-dir'], { gitDir: dir });
  if (probe.code === 0) return;
  mkdirSync(dir, { recursive: true });
  await gitOk(['init', '--bare', '--quiet', `--initial-branch=${GIT_BRANCH}`, dir]);
}

/** The tip's commit and the revision it was made from, or null on an empty branch. */
async function tip(dir: string): Promise<{ sha: string; revisionId: string | null } | null> {
  const r = await git(['log', '-1', `--format=%H%n%(trailers:key=${TRAILER},valueonly)`, REF], {
    gitDir: dir,
  });
  if (r.code !== 0) return null;
  const [sha, revisionId] = r.stdout.split('\n');
  return sha ? { sha, revisionId: revisionId?.trim() || null } : null;
}

/** The branch's tip and length. */
export async function head(dir: string): Promise<GitHead> {
  const t = await tip(dir);
  if (!t) return { head: null, commits: 0 };
  const count = await gitOk(['rev-list', '--count', REF], { gitDir: dir });
  return { head: t.sha, commits: Number(count.trim()) };
}

/**
 * Adds a commit for every committed revision not yet on the branch (see the module doc); rebuilds from the
 * start when the branch's tip names no revision of the project. Callers serialise calls per repository.
 */
export async function catchUp(db: Db, dir: string, projectId: string): Promise<GitHead> {
  await ensureRepository(dir);
  const all = await db
    .select({
      id: revisions.id,
      number: revisions.number,
      status: revisions.status,
      action: revisions.action,
      prompt: revisions.prompt,
      authorId: revisions.authorId,
      createdAt: revisions.createdAt,
    })
    .from(revisions)
    .where(eq(revisions.projectId, projectId))
    .orderBy(asc(revisions.number));
  const committed: typeof all = [];
  for (const rev of all) {
    if (isRevisionInProgress(rev.status) || WAITING.has(rev.status)) break;
    if (COMMITTED_STATUSES.has(rev.status)) committed.push(rev);
  }
  let current = await tip(dir);
  let start = 0;
  if (current) {
    const at = committed.findIndex((r) => r.id === current?.revisionId);
    if (at < 0) {
      // Not a history of this project's revisions (a changed rule, a stray write): build it again.
      await gitOk(['update-ref', '-d', REF], { gitDir: dir });
      current = null;
    } else start = at + 1;
  }
  const todo = committed.slice(start);
  if (todo.length === 0) return head(dir);

  const authorIds = [...new Set(todo.map((r) => r.authorId).filter((a): a is string => a !== null))];
  const authors = new Map(
    (authorIds.length
      ? await db
          .select({ id: users.id, displayName: users.displayName, email: users.email })
          .from(users)
          .where(inArray(users.id, authorIds))
      : []
    ).map((u) => [u.id, u]),
  );
  const committedIds = new Set(committed.map((r) => r.id));
  const migrations = (
    await db
      .select({
        revisionId: appMigrations.revisionId,
        seq: appMigrations.seq,
        name: appMigrations.name,
        sql: appMigrations.sql,
      })
      .from(appMigrations)
      .where(eq(appMigrations.projectId, projectId))
      .orderBy(asc(appMigrations.seq))
  ).filter((m) => committedIds.has(m.revisionId));
  const numberOf = new Map(committed.map((r) => [r.id, r.number]));

  let parent = current?.sha ?? null;
  for (let i = 0; i < todo.length; i += BATCH) {
    const batch = todo.slice(i, i + BATCH);
    const modules = new Map(
      (
        await db
          .select({ id: revisions.id, modules: revisions.modules })
          .from(revisions)
          .where(
            and(
              eq(revisions.projectId, projectId),
              inArray(
                revisions.id,
                batch.map((r) => r.id),
              ),
            ),
          )
      ).map((r) => [r.id, r.modules]),
    );
    let stream = '';
    for (const rev of batch) {
      const seconds = Math.floor(rev.createdAt.getTime() / 1000);
      stream += `commit ${REF}\n`;
      stream += `author ${ident(rev.authorId ? authors.get(rev.authorId) : undefined, seconds)}\n`;
      stream += `committer ${COMMITTER} ${seconds} +0000\n`;
      stream += data(commitMessage(rev));
      if (parent) stream += `from ${parent}\n`;
      parent = null; // later commits of the stream follow the branch fast-import is writing
      stream += 'deleteall\n';
      const files = new Map<string, string>();
      for (const m of modules.get(rev.id) ?? []) {
        if (safeTreePath(m.filePath)) files.set(m.filePath, m.content);
      }
      for (const m of migrations) {
        const path = `${MIGRATIONS_DIR}/${m.name}.sql`;
        if ((numberOf.get(m.revisionId) ?? Infinity) <= rev.number && safeTreePath(path))
          files.set(path, m.sql);
      }
      for (const path of [...files.keys()].sort()) {
        stream += `M 100644 inline ${path}\n${data(files.get(path) ?? '')}`;
      }
      stream += '\n';
    }
    await gitOk(['fast-import', '--quiet', '--done'], { gitDir: dir, input: `${stream}done\n` });
    parent = (await tip(dir))?.sha ?? null;
  }
  return head(dir);
}
