/**
 * @module The security scan shown before publishing: a pure function over a revision's modules and its app's
 * database state that warns about (1) tables opened to public reading, (2) secrets or keys written into code
 * (in client code they reach every visitor), (3) functions that write data without checking who is signed in,
 * and (4) packages with known problems (known-package-problems.ts). Warnings only: publishing stays allowed.
 * Text patterns, not a type checker: it errs towards a warning the user can dismiss.
 */
import { filePathToRoute } from '@kiln/core';
import semver from 'semver';
import {
  KNOWN_PACKAGE_PROBLEMS,
  type KnownPackageProblem,
  type SecuritySeverity,
} from './known-package-problems';

export type { SecuritySeverity } from './known-package-problems';

/** What a finding is about. */
export type SecurityFindingKind = 'PUBLIC_TABLE' | 'CLIENT_SECRET' | 'UNGUARDED_WRITE' | 'RISKY_PACKAGE';

/** One warning of the scan. */
export interface SecurityFinding {
  severity: SecuritySeverity;
  kind: SecurityFindingKind;
  /** The module it is in; null for the database or the package lock. */
  filePath: string | null;
  /** 1-based line in `filePath`; null when the finding has no line. */
  line: number | null;
  message: string;
  /** What to do about it. */
  fix: string;
}

/** What the scan reads: no database or network access of its own. */
export interface SecurityScanInput {
  modules: readonly { filePath: string; moduleType: string; content: string }[];
  /** Tables opened for public reading, with their columns when known. */
  publicTables: readonly { name: string; columns?: readonly string[] }[];
  /** The project's secret names (read by functions as process.env.NAME). */
  secretNames: readonly string[];
  /** The revision's pinned npm packages (its lock). */
  packages: readonly { name: string; version: string }[];
}

const SEVERITY_ORDER: Record<SecuritySeverity, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };

/** Column names that make a publicly readable table a leak of personal or secret data. */
const SENSITIVE_COLUMN =
  /(^|_)(e_?mail|password|passwd|phone|address|token|secret|ssn|birth|salary|card|iban)/i;

/** Key formats that are secret wherever they appear, with what they are. */
const KEY_PATTERNS: readonly { re: RegExp; what: string; severity: SecuritySeverity }[] = [
  { re: /\b(?:sk|rk)_live_[0-9A-Za-z]{10,}/g, what: 'a live Stripe secret key', severity: 'HIGH' },
  { re: /\b(?:sk|rk)_test_[0-9A-Za-z]{10,}/g, what: 'a Stripe test secret key', severity: 'MEDIUM' },
  { re: /\bsk-ant-[0-9A-Za-z_-]{20,}/g, what: 'an Anthropic API key', severity: 'HIGH' },
  { re: /\bsk-(?!ant-)(?:proj-)?[0-9A-Za-z_-]{20,}/g, what: 'an OpenAI-style API key', severity: 'HIGH' },
  { re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, what: 'an AWS access key', severity: 'HIGH' },
  {
    re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY-----/g,
    what: 'a private key',
    severity: 'HIGH',
  },
  { re: /\bgh[pousr]_[0-9A-Za-z]{36,}/g, what: 'a GitHub token', severity: 'HIGH' },
  { re: /\bxox[abprs]-[0-9A-Za-z-]{10,}/g, what: 'a Slack token', severity: 'HIGH' },
  { re: /\bAIza[0-9A-Za-z_-]{35}\b/g, what: 'a Google API key', severity: 'MEDIUM' },
];

/** `process.env.NAME` or `process.env['NAME']`. */
const ENV_READ = /process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*\])/g;
/** An environment variable name that says it holds a secret. */
const SECRET_NAME = /(KEY|SECRET|TOKEN|PASSWORD|PRIVATE)/i;

/**
 * SQL that changes data or tables, strongest first (the first that matches names the finding), with its
 * severity in an app with sign-in (where data is meant to belong to someone) and in one without (where every
 * visitor shares all data by design, so a write open to all is expected — but worth knowing).
 */
const WRITE_SQL: readonly {
  re: RegExp;
  verb: string;
  withSignIn: SecuritySeverity;
  withoutSignIn: SecuritySeverity;
}[] = [
  {
    re: /\b(DROP|TRUNCATE|ALTER)\s+TABLE\b/i,
    verb: 'changes tables',
    withSignIn: 'HIGH',
    withoutSignIn: 'HIGH',
  },
  { re: /\bDELETE\s+FROM\b/i, verb: 'deletes rows', withSignIn: 'HIGH', withoutSignIn: 'MEDIUM' },
  { re: /\bUPDATE\s+[\w".]+\s+SET\b/i, verb: 'updates rows', withSignIn: 'HIGH', withoutSignIn: 'MEDIUM' },
  { re: /\bINSERT\s+INTO\b/i, verb: 'inserts rows', withSignIn: 'MEDIUM', withoutSignIn: 'LOW' },
];

/** Auth page module types: their presence means the app signs visitors in. */
const AUTH_PAGE_TYPES = new Set(['AUTH_PAGE_SIGN_IN', 'AUTH_PAGE_SIGN_UP', 'AUTH_PAGE_LOGOUT']);

/** Whether the app signs visitors in (an auth page, or any module using `@/auth` or `@/utils/useUser`). */
function hasSignIn(modules: SecurityScanInput['modules']): boolean {
  return modules.some(
    (m) =>
      AUTH_PAGE_TYPES.has(m.moduleType) ||
      /from\s+['"]@\/(?:auth|utils\/useUser|utils\/useAuth)['"]/.test(m.content),
  );
}

/**
 * What counts as checking the caller: the visitor's session (`auth()` from `@/auth`), an Authorization or API
 * key header, or a verified webhook signature (Stripe's constructEvent).
 */
const AUTH_CHECK =
  /\bauth\s*\(\s*\)|from\s+['"]@\/auth['"]|headers\.get\(\s*['"](?:authorization|x-api-key)['"]|constructEvent(?:Async)?\s*\(/i;

/** Runs the scan; findings are sorted most severe first, then by file and line. */
export function scanForSecurityProblems(input: SecurityScanInput): SecurityFinding[] {
  const findings = [
    ...publicTableFindings(input.publicTables),
    ...input.modules.flatMap((m) => secretFindings(m, input.secretNames)),
    ...unguardedWriteFindings(input.modules),
    ...packageFindings(input.modules, input.packages),
  ];
  return findings.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      (a.filePath ?? '').localeCompare(b.filePath ?? '') ||
      (a.line ?? 0) - (b.line ?? 0),
  );
}

function publicTableFindings(tables: SecurityScanInput['publicTables']): SecurityFinding[] {
  return tables.map((t) => {
    const sensitive = (t.columns ?? []).filter((c) => SENSITIVE_COLUMN.test(c));
    return {
      severity: sensitive.length > 0 ? 'HIGH' : 'MEDIUM',
      kind: 'PUBLIC_TABLE',
      filePath: null,
      line: null,
      message:
        sensitive.length > 0
          ? `Table "${t.name}" is open for public reading, including ${sensitive.join(', ')}: anyone can read every row.`
          : `Table "${t.name}" is open for public reading: anyone can read every row.`,
      fix: 'Close public reading in the Database tab unless every row is meant for everyone; serve only what visitors need through a function.',
    };
  });
}

/** Client code: everything that is not a function (pages, components, mobile pages, auth pages, files). */
function isClientModule(m: { moduleType: string; filePath: string }): boolean {
  return m.moduleType !== 'FUNCTION' && !/\/app\/api\//.test(m.filePath);
}

function lineAt(content: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < content.length; i++) if (content.charCodeAt(i) === 10) line++;
  return line;
}

/** The start of a key, enough to recognise it, never the whole key. */
function masked(key: string): string {
  return `${key.slice(0, Math.min(8, Math.floor(key.length / 3)))}…`;
}

function secretFindings(
  m: SecurityScanInput['modules'][number],
  secretNames: readonly string[],
): SecurityFinding[] {
  const client = isClientModule(m);
  const out: SecurityFinding[] = [];
  for (const { re, what, severity } of KEY_PATTERNS) {
    for (const match of m.content.matchAll(re)) {
      out.push({
        severity,
        kind: 'CLIENT_SECRET',
        filePath: m.filePath,
        line: lineAt(m.content, match.index ?? 0),
        message: client
          ? `${what} (${masked(match[0])}) is written in client code: every visitor can read it.`
          : `${what} (${masked(match[0])}) is written in the function's code.`,
        fix: client
          ? 'Revoke the key, save a new one as a project secret, and use it only in a function (process.env.NAME).'
          : 'Revoke the key, save a new one as a project secret and read it as process.env.NAME.',
      });
    }
  }
  if (!client) return out;
  const secrets = new Set(secretNames);
  for (const match of m.content.matchAll(ENV_READ)) {
    const name = match[1] ?? match[2] ?? '';
    if (!secrets.has(name) && !SECRET_NAME.test(name)) continue;
    out.push({
      severity: secrets.has(name) ? 'HIGH' : 'MEDIUM',
      kind: 'CLIENT_SECRET',
      filePath: m.filePath,
      line: lineAt(m.content, match.index ?? 0),
      message: secrets.has(name)
        ? `The project secret ${name} is read in client code: it would have to be sent to every visitor.`
        : `${name} looks like a secret and is read in client code.`,
      fix: `Read process.env.${name} in a function (app/api/…/route.ts) and call that function from the page.`,
    });
  }
  return out;
}

function unguardedWriteFindings(modules: SecurityScanInput['modules']): SecurityFinding[] {
  const signIn = hasSignIn(modules);
  return modules.flatMap((m): SecurityFinding[] => {
    if (m.moduleType !== 'FUNCTION' || AUTH_CHECK.test(m.content)) return [];
    const write = WRITE_SQL.find((w) => w.re.test(m.content));
    if (!write) return [];
    const at = m.content.search(write.re);
    const route = filePathToRoute(m.filePath) ?? m.filePath;
    return [
      {
        severity: signIn ? write.withSignIn : write.withoutSignIn,
        kind: 'UNGUARDED_WRITE',
        filePath: m.filePath,
        line: lineAt(m.content, at),
        message: signIn
          ? `${route} ${write.verb} without checking who is calling: any visitor of the published app can call it, signed in or not.`
          : `${route} ${write.verb} for anyone: the app has no sign-in, so every visitor can change its data.`,
        fix: signIn
          ? "Check the visitor first: import { auth } from '@/auth'; const session = await auth(); if (!session) return new Response('Sign in first', { status: 401 }); and keep rows under session.user.id."
          : 'Fine for data everyone shares (a public guestbook); otherwise ask Kiln to add sign-in so each visitor changes only their own rows.',
      },
    ];
  });
}

/** `from 'x'`, `import 'x'`, `import('x')`, `require('x')`. */
const IMPORT_SOURCE = /(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]/g;

/** The npm package an import source names (`@scope/pkg/sub@1` → `@scope/pkg`), with a version if it has one. */
export function importedPackage(source: string): { name: string; version?: string } | null {
  if (
    source.startsWith('.') ||
    source.startsWith('/') ||
    source.startsWith('@/') ||
    source.startsWith('node:')
  ) {
    return null;
  }
  const parts = source.split('/');
  const head = source.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? '');
  const at = head.indexOf('@', 1);
  const name = at === -1 ? head : head.slice(0, at);
  const version = at === -1 ? undefined : head.slice(at + 1);
  if (!name || name.endsWith('/')) return null;
  return version ? { name, version } : { name };
}

function affects(problem: KnownPackageProblem, version: string | undefined): boolean {
  if (!problem.versions) return true;
  if (!version) return false;
  const exact = semver.valid(version);
  return exact
    ? semver.satisfies(exact, problem.versions, { includePrerelease: true })
    : semver.intersects(version, problem.versions);
}

function packageFindings(
  modules: SecurityScanInput['modules'],
  locked: SecurityScanInput['packages'],
): SecurityFinding[] {
  const out: SecurityFinding[] = [];
  const reported = new Set<string>();
  const report = (
    problem: KnownPackageProblem,
    version: string | undefined,
    where: { filePath: string | null; line: number | null },
  ) => {
    const key = `${problem.name}@${problem.versions ?? '*'}`;
    if (reported.has(key)) return;
    reported.add(key);
    out.push({
      severity: problem.severity,
      kind: 'RISKY_PACKAGE',
      ...where,
      message: `${problem.name}${version ? ` ${version}` : ''}: ${problem.problem}`,
      fix: problem.fix,
    });
  };
  // The lock first: it has the exact versions the published app will run.
  for (const p of locked) {
    for (const problem of KNOWN_PACKAGE_PROBLEMS) {
      if (problem.name === p.name && affects(problem, p.version)) {
        const where = firstImport(modules, p.name);
        report(problem, p.version, where);
      }
    }
  }
  for (const m of modules) {
    for (const match of m.content.matchAll(IMPORT_SOURCE)) {
      const pkg = importedPackage(match[1] ?? '');
      if (!pkg) continue;
      for (const problem of KNOWN_PACKAGE_PROBLEMS) {
        if (problem.name === pkg.name && affects(problem, pkg.version)) {
          report(problem, pkg.version, { filePath: m.filePath, line: lineAt(m.content, match.index ?? 0) });
        }
      }
    }
  }
  return out;
}

function firstImport(
  modules: SecurityScanInput['modules'],
  name: string,
): { filePath: string | null; line: number | null } {
  for (const m of modules) {
    for (const match of m.content.matchAll(IMPORT_SOURCE)) {
      if (importedPackage(match[1] ?? '')?.name === name) {
        return { filePath: m.filePath, line: lineAt(m.content, match.index ?? 0) };
      }
    }
  }
  return { filePath: null, line: null };
}
