/**
 * @module Project git (issue 17): each project's history as git commits (./history.ts), caught up lazily — on a
 * `git` query, before a push, and shortly after the project's latest revision moves — and pushed to the remote
 * set in Project settings. The remote's token is sealed with the server key (bound to the project id) and
 * never returned; it travels to git as an `Authorization` header in the environment, never on the command line.
 * A push goes through the egress guard's rules: http(s) only, no credentials in the URL, and the host's
 * addresses checked (loopback, private, metadata… refused unless listed in `KILN_EGRESS_ALLOW_HOSTS`), then
 * pinned with `http.curloptResolve` so git connects to the address that was checked.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { KilnError } from '@kiln/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { projectGitRemotes } from '../db/schema';
import { checkUrl, type EgressPolicy, EgressRefused, isAllowedHost, refusalFor } from '../net/egress';
import type { SecretBox } from '../secrets';
import { git, requireGit } from './cli';
import { catchUp, GIT_BRANCH, type GitHead, repositoryPath } from './history';

/** Longest remote URL accepted. */
export const MAX_REMOTE_URL_CHARS = 2000;
/** Longest token accepted. */
export const MAX_TOKEN_CHARS = 4000;
/** Longest push result message kept. */
const MAX_PUSH_MESSAGE_CHARS = 1000;
/** Wait after a revision change before catching up (changes come in bursts while a revision builds). */
const CATCH_UP_DELAY_MS = 500;
/** Control characters other than tab and line feed, dropped from git's answer before it is shown. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
/** The user name sent with a token (GitHub, GitLab and Gitea accept any non-empty name with a token). */
const TOKEN_USER = 'x-access-token';

export const GIT_MESSAGES = {
  badUrl: 'The git remote must be an https:// (or http://) URL without a user name or password in it.',
  tooLong: `The git remote URL may be at most ${MAX_REMOTE_URL_CHARS} characters.`,
  tokenTooLong: `The token may be at most ${MAX_TOKEN_CHARS} characters.`,
  noRemote: 'Set a git remote in Project settings before pushing.',
  nothing: 'There is no finished revision to push yet.',
} as const;

export interface GitPush {
  at: Date;
  ok: boolean;
  message: string;
  /** Commits the push added to the remote branch (0 when it was up to date or failed). */
  commits: number;
}

export interface GitStatus extends GitHead {
  remoteUrl: string | null;
  hasToken: boolean;
  lastPush: GitPush | null;
}

/** Checks a remote URL's form (the addresses are checked at push time). */
export function checkRemoteUrl(value: string): string {
  const url = value.trim();
  if (url.length > MAX_REMOTE_URL_CHARS) throw new KilnError('validation', GIT_MESSAGES.tooLong);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new KilnError('validation', GIT_MESSAGES.badUrl);
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username || parsed.password) {
    throw new KilnError('validation', GIT_MESSAGES.badUrl);
  }
  return url;
}

export class ProjectGit {
  readonly #db: Db;
  readonly #secrets: SecretBox;
  readonly #dataDir: string;
  readonly #egress: EgressPolicy;
  readonly #log: (msg: string, err?: unknown) => void;
  /** Per project, the work in progress: calls on one repository run one after another. */
  readonly #queues = new Map<string, Promise<unknown>>();
  readonly #scheduled = new Map<string, NodeJS.Timeout>();
  #closed = false;
  readonly #background: boolean;

  constructor(opts: {
    db: Db;
    secrets: SecretBox;
    dataDir: string;
    egress: EgressPolicy;
    /** Catch up in the background after a revision finished (default true); else only when read. */
    background?: boolean;
    log?: (msg: string, err?: unknown) => void;
  }) {
    this.#db = opts.db;
    this.#secrets = opts.secrets;
    this.#dataDir = opts.dataDir;
    this.#egress = opts.egress;
    this.#log = opts.log ?? (() => {});
    this.#background = opts.background ?? true;
  }

  #serial<T>(projectId: string, fn: () => Promise<T>): Promise<T> {
    const before = this.#queues.get(projectId) ?? Promise.resolve();
    const run = before.catch(() => {}).then(fn);
    this.#queues.set(projectId, run);
    const clear = () => {
      if (this.#queues.get(projectId) === run) this.#queues.delete(projectId);
    };
    run.then(clear, clear);
    return run;
  }

  /** Commits every finished revision not yet in the project's repository. */
  async catchUp(projectId: string): Promise<GitHead> {
    await requireGit();
    return this.#serial(projectId, () =>
      catchUp(this.#db, repositoryPath(this.#dataDir, projectId), projectId),
    );
  }

  /** A catch-up soon, in the background (after a revision finished); a missing git only skips it. */
  schedule(projectId: string): void {
    if (this.#closed || !this.#background) return;
    clearTimeout(this.#scheduled.get(projectId));
    const timer = setTimeout(() => {
      this.#scheduled.delete(projectId);
      requireGit()
        .then(() => this.catchUp(projectId))
        .catch((e) => {
          if (!(e instanceof KilnError)) this.#log('git catch-up failed', e);
        });
    }, CATCH_UP_DELAY_MS);
    timer.unref();
    this.#scheduled.set(projectId, timer);
  }

  /** The repository's state (caught up first) with the remote and the last push. */
  async status(projectId: string): Promise<GitStatus> {
    const [remote] = await this.#db
      .select()
      .from(projectGitRemotes)
      .where(eq(projectGitRemotes.projectId, projectId));
    const h = await this.catchUp(projectId);
    return {
      ...h,
      remoteUrl: remote?.remoteUrl ?? null,
      hasToken: Boolean(remote?.sealedToken),
      lastPush: remote?.lastPushAt
        ? {
            at: remote.lastPushAt,
            ok: remote.lastPushOk === true,
            message: remote.lastPushMessage ?? '',
            commits: remote.lastPushCommits ?? 0,
          }
        : null,
    };
  }

  /**
   * Sets the remote. An empty URL removes it (and its token); `token` undefined keeps the stored one, an empty
   * string clears it.
   */
  async setRemote(input: {
    projectId: string;
    url: string;
    token: string | null | undefined;
    userId: string;
  }): Promise<void> {
    if (input.url.trim() === '') {
      await this.#db.delete(projectGitRemotes).where(eq(projectGitRemotes.projectId, input.projectId));
      return;
    }
    const url = checkRemoteUrl(input.url);
    const token = input.token?.trim();
    if (token && token.length > MAX_TOKEN_CHARS) throw new KilnError('validation', GIT_MESSAGES.tokenTooLong);
    const sealed =
      token === undefined || input.token === null
        ? undefined
        : token === ''
          ? null
          : this.#secrets.encrypt(token, input.projectId);
    const [before] = await this.#db
      .select({ url: projectGitRemotes.remoteUrl })
      .from(projectGitRemotes)
      .where(eq(projectGitRemotes.projectId, input.projectId));
    // A new place forgets how pushing to the old one went.
    const moved = before?.url !== url;
    const values = {
      remoteUrl: url,
      updatedById: input.userId,
      updatedAt: new Date(),
      ...(sealed === undefined ? {} : { sealedToken: sealed }),
      ...(moved ? { lastPushAt: null, lastPushOk: null, lastPushMessage: null, lastPushCommits: null } : {}),
    };
    await this.#db
      .insert(projectGitRemotes)
      .values({ projectId: input.projectId, ...values })
      .onConflictDoUpdate({ target: projectGitRemotes.projectId, set: values });
  }

  /** Pushes the project's history to its remote; the result is stored as the last push and returned. */
  async push(projectId: string): Promise<GitPush> {
    await requireGit();
    const [remote] = await this.#db
      .select()
      .from(projectGitRemotes)
      .where(eq(projectGitRemotes.projectId, projectId));
    if (!remote) throw new KilnError('validation', GIT_MESSAGES.noRemote);
    const token = remote.sealedToken ? this.#secrets.decrypt(remote.sealedToken, projectId) : null;
    const result = await this.#serial(projectId, async () => {
      const dir = repositoryPath(this.#dataDir, projectId);
      const h = await catchUp(this.#db, dir, projectId);
      if (!h.head) return { ok: false, message: GIT_MESSAGES.nothing, commits: 0 };
      try {
        return await this.#pushTo(dir, remote.remoteUrl, token);
      } catch (e) {
        if (e instanceof EgressRefused || e instanceof KilnError)
          return { ok: false, message: e.message, commits: 0 };
        throw e;
      }
    });
    const push: GitPush = {
      at: new Date(),
      ...result,
      message: result.message.slice(0, MAX_PUSH_MESSAGE_CHARS),
    };
    await this.#db
      .update(projectGitRemotes)
      .set({
        lastPushAt: push.at,
        lastPushOk: push.ok,
        lastPushMessage: push.message,
        lastPushCommits: push.commits,
      })
      .where(eq(projectGitRemotes.projectId, projectId));
    return push;
  }

  async #pushTo(dir: string, remoteUrl: string, token: string | null): Promise<Omit<GitPush, 'at'>> {
    const url = new URL(remoteUrl);
    checkUrl(url, this.#egress);
    const config: [string, string][] = [
      ['http.followRedirects', 'false'],
      ['protocol.allow', 'never'],
      [`protocol.${url.protocol.slice(0, -1)}.allow`, 'always'],
    ];
    if (!isAllowedHost(url, this.#egress)) {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const port = url.port || (url.protocol === 'https:' ? '443' : '80');
      const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
      for (const a of addresses) {
        const why = refusalFor(a.address);
        if (why)
          throw new EgressRefused(`Push refused by Kiln's egress guard: ${host} (${a.address}) is ${why}.`);
      }
      const first = addresses[0];
      if (!first) throw new EgressRefused(`${host} has no address.`);
      if (!isIP(host)) config.push(['http.curloptResolve', `${host}:${port}:${first.address}`]);
    }
    if (token) {
      const basic = Buffer.from(`${TOKEN_USER}:${token}`).toString('base64');
      config.push(['http.extraHeader', `Authorization: Basic ${basic}`]);
    }
    const env: Record<string, string> = { GIT_CONFIG_COUNT: String(config.length) };
    config.forEach(([k, v], i) => {
      env[`GIT_CONFIG_KEY_${i}`] = k;
      env[`GIT_CONFIG_VALUE_${i}`] = v;
    });
    const ref = `refs/heads/${GIT_BRANCH}`;
    const r = await git(['push', '--porcelain', remoteUrl, `${ref}:${ref}`], { gitDir: dir, env });
    const clean = (s: string) => (token ? s.split(token).join('***') : s).replace(CONTROL, '').trim();
    const line = r.stdout.split('\n').find((l) => l.includes(`\t${ref}:${ref}\t`));
    if (r.code !== 0 || !line) {
      const words = clean(r.stderr || r.stdout) || `git push failed (${r.code}).`;
      return { ok: false, message: words, commits: 0 };
    }
    const [flag, , summary = ''] = line.split('\t');
    if (flag === '=') return { ok: true, message: `${GIT_BRANCH} is up to date on the remote.`, commits: 0 };
    const range = /^([0-9a-f]+)\.\.([0-9a-f]+)$/.exec(summary);
    const counted = await git(['rev-list', '--count', range ? `${range[1]}..${range[2]}` : ref], {
      gitDir: dir,
    });
    const commits = Number(counted.stdout.trim()) || 0;
    return {
      ok: true,
      message: `Pushed ${commits} commit${commits === 1 ? '' : 's'} to ${GIT_BRANCH}.`,
      commits,
    };
  }

  /** Stops background catch-ups and waits for the running ones. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const t of this.#scheduled.values()) clearTimeout(t);
    this.#scheduled.clear();
    await Promise.allSettled([...this.#queues.values()]);
  }
}
