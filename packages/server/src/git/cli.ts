/**
 * @module Runs the git command line (git 2.37 or newer: `http.curloptResolve` pins a push to checked addresses)
 * with no user or system configuration, no prompts, and a time limit. Kiln uses the CLI rather than a
 * JavaScript git: the server already needs nothing else for it, pushes speak every transport and auth git
 * speaks, and `git fast-import` writes a whole history in one process.
 */
import { spawn } from 'node:child_process';
import { KilnError } from '@kiln/core';

/** What a missing or too old git says to the operator. */
export const GIT_REQUIRED =
  'Git history needs the git command line (2.37 or newer) installed on the Kiln server.';
/** Longest a git command may run (a push to a slow remote included). */
export const GIT_TIMEOUT_MS = 120_000;
const MIN_VERSION = [2, 37] as const;

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface GitRun {
  /** Repository (`--git-dir`). */
  gitDir?: string;
  /** Written to stdin. */
  input?: string | Buffer;
  /** Extra environment (e.g. `GIT_CONFIG_*` for an auth header kept out of the process list). */
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Runs `git args…`; resolves with its exit code and output (a non-zero exit is not thrown). */
export function git(args: string[], opts: GitRun = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', opts.gitDir ? [`--git-dir=${opts.gitDir}`, ...args] : args, {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
        GIT_ASKPASS: '/bin/false',
        LANG: 'C',
        LC_ALL: 'C',
        ...opts.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? GIT_TIMEOUT_MS);
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? new KilnError('internal', GIT_REQUIRED) : e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code: code ?? 1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
    child.stdin.on('error', () => {}); // git may exit before reading all of stdin; its exit code says why
    child.stdin.end(opts.input ?? '');
  });
}

/** Runs git and returns stdout; a non-zero exit throws an internal error with git's words. */
export async function gitOk(args: string[], opts: GitRun = {}): Promise<string> {
  const r = await git(args, opts);
  if (r.code !== 0) throw new Error(`git ${args[0]} failed (${r.code}): ${r.stderr.trim().slice(0, 500)}`);
  return r.stdout;
}

let checked: Promise<void> | undefined;

/** Fails with `GIT_REQUIRED` unless a new enough git is on the PATH (checked once per process). */
export function requireGit(): Promise<void> {
  checked ??= git(['--version']).then((r) => {
    const [, major, minor] = /(\d+)\.(\d+)/.exec(r.stdout) ?? [];
    const [wantMajor, wantMinor] = MIN_VERSION;
    const ok =
      r.code === 0 &&
      (Number(major) > wantMajor || (Number(major) === wantMajor && Number(minor) >= wantMinor));
    if (!ok) throw new KilnError('internal', GIT_REQUIRED);
  });
  return checked;
}
