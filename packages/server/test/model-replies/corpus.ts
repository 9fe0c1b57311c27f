/**
 * @module The model-replies corpus (issue 20): realistic replies that stray from Kiln's format, each with what the
 * model meant, replayed in small chunks through the scripted OpenAI-compatible server into one real Kiln server
 * (PGlite). Used by `model-replies.test.ts` (no case may be lost silently) and `bench/model-replies.ts` (shares).
 *
 * A case is `cases/{name}.txt`: a JSON header, a line `---`, then the reply; further replies (what the model
 * answers when Kiln asks again: a retry, a "continue") follow, each after a line `=== next reply ===`. Header:
 * - `about`: the deviation, in a few words;
 * - `project`: `new` (the reply creates the project) or `todo` (an edit of the prepared todo app, `base.txt`);
 * - `prompt`: what the user asked;
 * - `expect`: `recovered` (Kiln should end with exactly the meant files) or `reported` (it cannot: the revision
 *   must say so: INVALID_CODE, or "not applied" / "No files were changed." in the chat);
 * - `files`: the meant files — every path the reply creates or changes, each with snippets its content must hold;
 * - `types` (optional): the module type a meant file must have;
 * - `deleted` (optional): paths the reply deletes; `not` (optional): snippets a meant file must NOT hold (prose);
 * - `finish` (optional): `length` on the replies cut off at the token limit (a list, one per reply, or one value).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ScriptedModelServer, startScriptedModelServer } from '@kiln/codegen/testing';
import { type Client, startTestKiln, type TestKiln, waitFor } from '../harness';

export const CASES_DIR = join(import.meta.dirname, 'cases');
const NEXT_REPLY = /\n=== next reply ===\n/;
/** The answer to requests the case does not script (an automatic fix): no code, so nothing changes. */
const FURTHER_REPLY = 'I could not find anything else to change.';
const BUILDING = ['QUEUED', 'ENHANCING_PROMPT', 'BUILDING', 'BUILDING_UI', 'BUILDING_FUNCTIONALITY'];

export interface ReplyCase {
  name: string;
  about: string;
  project: 'new' | 'todo';
  prompt: string;
  expect: 'recovered' | 'reported';
  files: Record<string, string[]>;
  types?: Record<string, string>;
  deleted?: string[];
  not?: Record<string, string[]>;
  finish?: 'stop' | 'length' | ('stop' | 'length')[];
  replies: string[];
}

/** What became of a case: the meant files exactly, a visible report, or a silent loss (VALID, change missing). */
export type Outcome = 'recovered' | 'reported' | 'silent-loss';

export interface CaseResult {
  name: string;
  about: string;
  expected: ReplyCase['expect'];
  outcome: Outcome;
  status: string;
  /** Why the case is not recovered (empty when it is). */
  detail: string;
  ms: number;
}

function parseCase(name: string, text: string): ReplyCase {
  const cut = text.indexOf('\n---\n');
  if (cut < 0) throw new Error(`model-replies case ${name}: no "---" line after the header`);
  const header = JSON.parse(text.slice(0, cut)) as Omit<ReplyCase, 'name' | 'replies'>;
  const replies = text.slice(cut + 5).split(NEXT_REPLY);
  return { ...header, name, replies };
}

/** Every case of the corpus, by file name. */
export function loadCases(dir = CASES_DIR): ReplyCase[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => parseCase(f.replace(/\.txt$/, ''), readFileSync(join(dir, f), 'utf8')));
}

/** The prepared todo app's reply (`base.txt`): three modules every `todo` case starts from. */
export function baseReply(dir = CASES_DIR): string {
  return readFileSync(join(dir, '..', 'base.txt'), 'utf8');
}

interface Mod {
  filePath: string;
  moduleType: string;
  content: string;
}
interface Rev {
  id: string;
  number: number;
  status: string;
  action: string;
  modules: Mod[];
}
interface ProjectView {
  revisions: Rev[];
  messages: { role: string; text: string; revisionId: string | null }[];
}
const PROJECT = `query($id: ID!) { project(id: $id) {
  revisions { id number status action modules { filePath moduleType content } }
  messages { role text revisionId } } }`;

/**
 * Classifies a finished case revision against what the model meant: `recovered` when it is VALID and its changes
 * are exactly the meant files (paths, snippets, types, deletions, no prose); else `reported` when the user is told
 * (INVALID_CODE, a failed generation, "not applied" or "No files were changed." in the chat); else a silent loss.
 */
export function classify(
  c: ReplyCase,
  before: readonly Mod[],
  rev: Rev,
  chatText: string,
): { outcome: Outcome; detail: string } {
  const was = new Map(before.map((m) => [m.filePath, m]));
  const is = new Map(rev.modules.map((m) => [m.filePath, m]));
  const changed = new Set<string>();
  for (const m of rev.modules) if (was.get(m.filePath)?.content !== m.content) changed.add(m.filePath);
  for (const m of before) if (!is.has(m.filePath)) changed.add(m.filePath);
  const meant = new Set([...Object.keys(c.files), ...(c.deleted ?? [])]);
  const problems: string[] = [];
  if (rev.status !== 'VALID') problems.push(`status ${rev.status}`);
  for (const p of changed) if (!meant.has(p)) problems.push(`unexpected change ${p}`);
  for (const [path, snippets] of Object.entries(c.files)) {
    const m = is.get(path);
    if (!m) {
      problems.push(`missing ${path}`);
      continue;
    }
    if (!changed.has(path)) problems.push(`unchanged ${path}`);
    for (const s of snippets) if (!m.content.includes(s)) problems.push(`${path} lacks ${JSON.stringify(s)}`);
    for (const s of c.not?.[path] ?? [])
      if (m.content.includes(s)) problems.push(`${path} holds ${JSON.stringify(s)}`);
    const type = c.types?.[path];
    if (type && m.moduleType !== type) problems.push(`${path} is ${m.moduleType}, not ${type}`);
  }
  for (const path of c.deleted ?? []) if (is.has(path)) problems.push(`not deleted ${path}`);
  if (problems.length === 0) return { outcome: 'recovered', detail: '' };
  const told =
    rev.status === 'INVALID_CODE' ||
    rev.status === 'GENERATION_FAILED' ||
    /not applied|No files were changed\./.test(chatText);
  return { outcome: told ? 'reported' : 'silent-loss', detail: problems.join('; ') };
}

/** One Kiln (PGlite) with an ADMIN account, plenty of credits and the prepared todo project. */
export interface CorpusServer extends AsyncDisposable {
  run(c: ReplyCase, index: number): Promise<CaseResult>;
}

async function settled(client: Client, id: string, ready: (p: ProjectView) => boolean): Promise<ProjectView> {
  return waitFor(async () => {
    const { data } = await client.gql<{ project: ProjectView }>(PROJECT, { id });
    const p = data.project;
    return p.revisions.length > 0 && p.revisions.every((r) => !BUILDING.includes(r.status)) && ready(p)
      ? p
      : null;
  }, 60_000);
}

/** Starts the corpus's Kiln; each case then gets its own scripted model server (the organisation's model). */
export async function startCorpusServer(): Promise<CorpusServer> {
  let model: ScriptedModelServer = await startScriptedModelServer([{ reply: baseReply(), chunkSize: 64 }]);
  const t: TestKiln = await startTestKiln('pglite', {
    KILN_MODEL: 'openai-compatible:scripted-model',
    KILN_MODEL_BASE_URL: model.url,
  });
  const me = t.client();
  await me.gql(`mutation { signUp(email: "corpus@example.com", password: "long enough") { id } }`);
  const org = (await me.gql(`{ organizations { id } }`)).data.organizations[0].id as string;
  await me.gql(
    `mutation($o: ID!) { depositCredits(organizationId: $o, amount: 1000000, reason: "ADMIN_GRANT") }`,
    {
      o: org,
    },
  );
  const created = await me.gql(`mutation { createProject(prompt: "A todo list app") { id } }`);
  const baseId = created.data.createProject.id as string;
  const base = await settled(me, baseId, () => true);
  const baseRev = base.revisions[0]!;
  if (baseRev.status !== 'VALID') throw new Error(`the prepared todo app is ${baseRev.status}`);
  await model.close();

  async function run(c: ReplyCase, index: number): Promise<CaseResult> {
    const started = performance.now();
    // Chunks of 5–23 characters, different per case, so tags and markers are split at many places.
    const chunkSize = 5 + ((index * 7) % 19);
    model = await startScriptedModelServer([
      ...c.replies.map((reply, i) => {
        const finish = Array.isArray(c.finish) ? c.finish[i] : i === 0 ? c.finish : undefined;
        return { reply, chunkSize, ...(finish ? { finish } : {}) };
      }),
      // What the model answers any further request (the automatic fix of a reported case): nothing to apply.
      { reply: FURTHER_REPLY, chunkSize },
    ]);
    try {
      const set = await me.gql(
        `mutation($o: ID!, $u: String!) { updateModelSettings(organizationId: $o, model: "openai-compatible:scripted-model", baseUrl: $u) { model } }`,
        { o: org, u: model.url },
      );
      if (set.errors) throw new Error(set.errors[0]!.message);
      let id: string;
      let before: Mod[];
      if (c.project === 'new') {
        const made = await me.gql(`mutation($p: String!) { createProject(prompt: $p) { id } }`, {
          p: c.prompt,
        });
        id = made.data.createProject.id as string;
        before = [];
      } else {
        const copy = await me.gql(`mutation($p: ID!) { duplicateProject(projectId: $p) { id } }`, {
          p: baseId,
        });
        id = copy.data.duplicateProject.id as string;
        before = baseRev.modules;
        await me.gql(`mutation($p: ID!, $t: String!) { sendMessage(projectId: $p, text: $t) { id } }`, {
          p: id,
          t: c.prompt,
        });
      }
      const action = c.project === 'new' ? 'INITIAL' : 'CHAT';
      const project = await settled(me, id, (p) => p.revisions.some((r) => r.action === action));
      const rev = project.revisions.find((r) => r.action === action)!;
      const chatText = project.messages
        .filter((m) => m.role === 'assistant' && m.revisionId === rev.id)
        .map((m) => m.text)
        .join('\n');
      const { outcome, detail } = classify(c, before, rev, chatText);
      return {
        name: c.name,
        about: c.about,
        expected: c.expect,
        outcome,
        status: rev.status,
        detail,
        ms: performance.now() - started,
      };
    } finally {
      await model.close();
    }
  }

  return {
    run,
    async [Symbol.asyncDispose]() {
      await t[Symbol.asyncDispose]();
    },
  };
}

/**
 * Shares over a run (percent, one decimal): recovered exactly, reported, lost silently; and `recoverable`, the share
 * recovered among the cases whose expected outcome is `recovered` (the others cannot be: a Python file, a reply
 * that claims a change it never wrote…).
 */
export function shares(results: readonly CaseResult[]): {
  recovered: number;
  reported: number;
  silent: number;
  recoverable: number;
} {
  const pct = (n: number, of: number) => Math.round((1000 * n) / Math.max(1, of)) / 10;
  const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
  const meant = results.filter((r) => r.expected === 'recovered');
  return {
    recovered: pct(count('recovered'), results.length),
    reported: pct(count('reported'), results.length),
    silent: pct(count('silent-loss'), results.length),
    recoverable: pct(meant.filter((r) => r.outcome === 'recovered').length, meant.length),
  };
}

/** One line per case, for the test's output and the bench. */
export function caseLine(r: CaseResult): string {
  const mark = r.outcome === 'recovered' ? 'ok ' : r.outcome === 'reported' ? 'rep' : 'LOST';
  const exp = r.outcome === r.expected ? '' : ` (expected ${r.expected})`;
  return `${mark} ${r.name} [${r.status}, ${Math.round(r.ms)} ms]${exp}${r.detail ? ` — ${r.detail}` : ''}`;
}
