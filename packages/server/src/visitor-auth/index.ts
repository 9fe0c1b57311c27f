/**
 * @module Visitor accounts of generated apps (issue 14): Auth.js (`@auth/core`) on the app's own origin under
 * `/api/auth/*`, with its users, accounts, sessions and verification tokens in the app's own database (one per
 * branch, ./adapter.ts). Providers: `credentials-signin` and `credentials-signup` (e-mail + argon2id password),
 * `email` (a sign-in link through Kiln's mailer) and the project's OAuth providers (./providers.ts). Sessions are
 * database sessions: the cookie holds a random token that only this app's `auth_sessions` knows, host-only on the
 * app's origin. Nothing here is shared between apps: each app's Auth.js secret is derived from the server key
 * and the project id.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { AuthConfig } from '@auth/core';
import type { Adapter } from '@auth/core/adapters';
import type { DatabaseBranch } from '@kiln/core';
import { VISITOR_AUTH_ERRORS, type VisitorAuthError } from '@kiln/preview';
import { hash, verify } from '@node-rs/argon2';
import type { AppDatabases } from '../app-db/index';
import type { Mailer } from '../mailer';
import { guardSignIn, guardSignUp, type RateLimits } from '../rate-limits';
import { appAdapter, type BranchSql, branchSql, normaliseEmail, PASSWORD_PROVIDER, toUser } from './adapter';
import { type OAuthSettings, oauthProviders } from './providers';

/** The path every route of this module lives under, on the app's origin. */
export const AUTH_BASE_PATH = '/api/auth';
/** How long a visitor's session lasts without use (Auth.js extends it daily while used). */
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 256;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The signed-in visitor a function's `auth()` sees (spec §3 "Session user in preview": id, email, name, image). */
export interface Visitor {
  id: string;
  email: string;
  name: string | null;
  image: string | null;
}

/** Which app and branch a request is for, and the public origin it is served at. */
export interface AuthTarget {
  projectId: string;
  branch: DatabaseBranch;
  /** `https://slug.apps.example.com` (no trailing slash). */
  origin: string;
  /** The app's name, for mails. */
  appName: string;
}

/** Why a credentials sign-in or sign-up was refused: the `code` Auth.js puts in the redirect's query. */
export const AUTH_ERROR_CODES = VISITOR_AUTH_ERRORS;
export type AuthErrorCode = VisitorAuthError;

/** Auth.js's parts (./auth-core.ts), loaded at the first sign-in request. */
type AuthCore = typeof import('./auth-core');
let authCore: Promise<AuthCore> | null = null;
const loadAuthCore = (): Promise<AuthCore> => {
  authCore ??= import('./auth-core');
  authCore.catch(() => {
    authCore = null;
  });
  return authCore;
};

/** The refusal Auth.js reports with `code` (it runs only inside Auth.js, so its module is loaded). */
const refused = async (code: AuthErrorCode) => new (await loadAuthCore()).Refused(code);

export interface VisitorAuthOptions {
  databases: AppDatabases;
  /** The server key; each app's Auth.js secret is derived from it. */
  secretKey: Buffer;
  mailer: Mailer;
  rateLimits: RateLimits;
  /** The project's OAuth client ids and secrets (Project settings → Visitor sign-in). */
  oauthSettings(projectId: string): Promise<OAuthSettings>;
  /** Providers' issuers replaced by an OpenID Connect issuer (config.oauthIssuers; tests use a local one). */
  issuers: Readonly<Record<string, string>>;
  log(msg: string, err?: unknown): void;
}

/** The cookie Auth.js keeps the session token in (`__Secure-` under HTTPS). */
export const sessionCookieOf = (secure: boolean) =>
  secure ? '__Secure-authjs.session-token' : 'authjs.session-token';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Visitor sign-in for every published app (and the development branch where a test or the preview asks). */
export class VisitorAuth {
  readonly #o: VisitorAuthOptions;
  /** Branches whose auth tables exist (made once per branch and process; idempotent across processes). */
  readonly #made = new Map<string, Promise<unknown>>();
  #dummyHash: Promise<string> | undefined;

  constructor(options: VisitorAuthOptions) {
    this.#o = options;
  }

  /** SQL on the target's branch, auth tables made first. */
  sql(target: Pick<AuthTarget, 'projectId' | 'branch'>): BranchSql {
    return branchSql(this.#o.databases, { projectId: target.projectId, branch: target.branch }, this.#made);
  }

  /** The signed-in visitor of a request (its session cookie, checked in this app's `auth_sessions`), or null. */
  async visitor(req: Request, target: AuthTarget): Promise<Visitor | null> {
    const name = sessionCookieOf(target.origin.startsWith('https:'));
    const token = cookieValue(req.headers.get('cookie'), name);
    if (!token || token.length > 200) return null;
    const found = await appAdapter(this.sql(target)).getSessionAndUser?.(token);
    if (!found || found.session.expires.getTime() < Date.now()) return null;
    const { id, email, name: visitorName, image } = found.user;
    return { id, email, name: visitorName ?? null, image: image ?? null };
  }

  /** Answers one `/api/auth/*` request of the target app (Auth.js, with Kiln's rate limits in front). */
  async handle(req: Request, target: AuthTarget, clientAddress: string): Promise<Response> {
    const url = new URL(req.url);
    // The public URL, not the Host or X-Forwarded-* a client sent: redirects and OAuth callbacks point here.
    const publicUrl = new URL(url.pathname + url.search, target.origin);
    const headers = new Headers(req.headers);
    for (const h of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for']) headers.delete(h);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text();
    const request = new Request(publicUrl, { method: req.method, headers, body });
    const action = url.pathname.slice(AUTH_BASE_PATH.length);
    const appKey = `app:${target.projectId}`;
    const form = body !== undefined ? formFields(body, req.headers.get('content-type')) : {};
    const email = normaliseEmail(form.email ?? '');

    if (req.method === 'POST' && action === '/callback/credentials-signup') {
      await guardSignUp(this.#o.rateLimits, `${appKey}:${clientAddress}`);
    }
    const signIn =
      req.method === 'POST' && action === '/callback/credentials-signin'
        ? await guardSignIn(this.#o.rateLimits, `${appKey}:${email}`, `${appKey}:${clientAddress}`)
        : null;
    const core = await loadAuthCore();
    const res = await core.Auth(
      request,
      this.#config(core, target, await this.#o.oauthSettings(target.projectId)),
    );
    if (signIn && signedIn(res)) await signIn.succeeded();
    return res;
  }

  #secret(projectId: string): string {
    return createHmac('sha256', this.#o.secretKey)
      .update(`kiln:visitor-auth:${projectId}`)
      .digest('base64url');
  }

  #config(core: AuthCore, target: AuthTarget, settings: OAuthSettings): AuthConfig {
    const { Credentials, decode, encode } = core;
    const sql = this.sql(target);
    const adapter = appAdapter(sql);
    const secure = target.origin.startsWith('https:');
    return {
      basePath: AUTH_BASE_PATH,
      secret: this.#secret(target.projectId),
      trustHost: true,
      useSecureCookies: secure,
      adapter,
      session: { strategy: 'database', maxAge: SESSION_MAX_AGE_S },
      providers: [
        this.#emailProvider(target),
        Credentials({
          id: 'credentials-signin',
          name: 'Email and password',
          credentials: {
            email: { label: 'Email', type: 'email' },
            password: { label: 'Password', type: 'password' },
          },
          authorize: (credentials) => this.#signIn(sql, credentials),
        }),
        Credentials({
          id: 'credentials-signup',
          name: 'Create an account',
          credentials: {
            email: { label: 'Email', type: 'email' },
            password: { label: 'Password', type: 'password' },
          },
          authorize: (credentials) => this.#signUp(sql, target, credentials),
        }),
        ...oauthProviders(settings, this.#o.issuers),
      ],
      callbacks: {
        // Credentials sign-ins get a database session like every other (Auth.js gives them a JWT otherwise):
        // the session row is made here and its token is what `jwt.encode` below puts in the cookie.
        async jwt({ token, user, account }) {
          if (account?.type === 'credentials' && user?.id) {
            const sessionToken = randomBytes(32).toString('base64url');
            await adapter.createSession?.({
              sessionToken,
              userId: user.id,
              expires: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
            });
            return { ...token, sessionToken };
          }
          return token;
        },
        session({ session, user }) {
          return {
            ...session,
            user: { id: user.id, name: user.name ?? null, email: user.email, image: user.image ?? null },
          } as typeof session;
        },
      },
      jwt: {
        encode: async (params) =>
          typeof params.token?.sessionToken === 'string' ? params.token.sessionToken : encode(params),
        decode,
      },
      logger: {
        error: (e) => {
          // A refused sign-in is the visitor's doing, not the server's.
          if ((e as { type?: string }).type === 'CredentialsSignin') return;
          // Auth.js wraps what went wrong (an adapter's SQL error, a provider's answer): log the cause.
          const cause = (e as { cause?: { err?: unknown } }).cause;
          this.#o.log(`visitor sign-in failed (${e.name})`, cause?.err ?? cause ?? e);
        },
        warn: () => {},
        debug: () => {},
      },
    };
  }

  /** `credentials-signin`: the e-mail's password account, checked with argon2id; the same refusal for both misses. */
  async #signIn(sql: BranchSql, credentials: Partial<Record<string, unknown>>) {
    const email = normaliseEmail(String(credentials.email ?? ''));
    const password = String(credentials.password ?? '');
    const [row] =
      email && password.length <= MAX_PASSWORD
        ? await sql(
            `SELECT u.*, a.password FROM auth_users u JOIN auth_accounts a ON a."userId" = u.id
              WHERE u.email = $1 AND a.provider = $2`,
            [email, PASSWORD_PROVIDER],
          )
        : [];
    if (!row || typeof row.password !== 'string') {
      // The same work for an unknown e-mail, so timing does not tell which addresses have accounts.
      this.#dummyHash ??= hash('kiln-dummy-password');
      await verify(await this.#dummyHash, password).catch(() => false);
      throw await refused('credentials');
    }
    if (!(await verify(row.password, password).catch(() => false))) throw await refused('credentials');
    return toUser(row);
  }

  /** `credentials-signup`: a new user and its password account, then the verification mail. */
  async #signUp(sql: BranchSql, target: AuthTarget, credentials: Partial<Record<string, unknown>>) {
    const email = normaliseEmail(String(credentials.email ?? ''));
    const password = String(credentials.password ?? '');
    if (email.length > 254 || !EMAIL_RE.test(email)) throw await refused('invalid_email');
    if (password.length < MIN_PASSWORD) throw await refused('password_too_short');
    if (password.length > MAX_PASSWORD) throw await refused('password_too_long');
    const passwordHash = await hash(password);
    const name =
      typeof credentials.name === 'string' && credentials.name.trim()
        ? credentials.name.trim().slice(0, 100)
        : null;
    const id = randomUUID();
    const [user] = await sql(
      `INSERT INTO auth_users (id, name, email) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING *`,
      [id, name, email],
    );
    if (!user) throw await refused('email_taken');
    await sql(
      `INSERT INTO auth_accounts (id, "userId", type, provider, "providerAccountId", password)
        VALUES ($1, $2, 'credentials', $3, $4, $5)`,
      [randomUUID(), id, PASSWORD_PROVIDER, email, passwordHash],
    );
    await this.#mailVerification(sql, target, email).catch((e) =>
      this.#o.log('visitor verification mail failed', e),
    );
    return toUser(user);
  }

  /** Mails a link that marks the address verified (`/api/auth/verify-email`). */
  async #mailVerification(sql: BranchSql, target: AuthTarget, email: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await sql('INSERT INTO auth_verification_token (identifier, expires, token) VALUES ($1, $2, $3)', [
      `verify:${email}`,
      new Date(Date.now() + 24 * 3600 * 1000),
      sha256(token),
    ]);
    const link = `${target.origin}${AUTH_BASE_PATH}/verify-email?email=${encodeURIComponent(email)}&token=${token}`;
    await this.#o.mailer.send({
      to: email,
      subject: `Confirm your email for ${target.appName}`,
      text: `Welcome to ${target.appName}!\n\nConfirm your email address by opening this link within 24 hours:\n${link}\n\nIf you did not create an account, ignore this mail.`,
    });
  }

  /** `email`: Auth.js's sign-in link provider, sending through Kiln's mailer. */
  #emailProvider(target: AuthTarget) {
    const mailer = this.#o.mailer;
    return {
      id: 'email',
      type: 'email' as const,
      name: 'Email',
      from: '',
      maxAge: 24 * 60 * 60,
      options: {},
      async sendVerificationRequest({ identifier, url }: { identifier: string; url: string }) {
        await mailer.send({
          to: identifier,
          subject: `Sign in to ${target.appName}`,
          text: `Open this link to sign in to ${target.appName}:\n${url}\n\nIf you did not ask for it, ignore this mail.`,
        });
      },
    };
  }

  /** `GET /api/auth/verify-email?email&token`: marks the address verified; false when the link is not valid. */
  async verifyEmail(target: AuthTarget, email: string, token: string): Promise<boolean> {
    const sql = this.sql(target);
    const [row] = await sql(
      'DELETE FROM auth_verification_token WHERE identifier = $1 AND token = $2 RETURNING expires',
      [`verify:${normaliseEmail(email)}`, sha256(token)],
    );
    if (!row || new Date(String(row.expires)).getTime() < Date.now()) return false;
    await sql(`UPDATE auth_users SET "emailVerified" = now() WHERE email = $1`, [normaliseEmail(email)]);
    return true;
  }

  /**
   * `POST /api/auth/forgot-password`: mails a reset link to an address with a password account (rate-limited
   * per address like the builder's). Answers the same whether or not the account exists.
   */
  async requestPasswordReset(target: AuthTarget, rawEmail: string): Promise<void> {
    const email = normaliseEmail(rawEmail);
    if (!EMAIL_RE.test(email)) return;
    const sql = this.sql(target);
    const [account] = await sql(
      `SELECT a.id FROM auth_accounts a JOIN auth_users u ON u.id = a."userId" WHERE u.email = $1 AND a.provider = $2`,
      [email, PASSWORD_PROVIDER],
    );
    if (!account) return;
    const wait = await this.#o.rateLimits.take('resetMailsPerEmail', `app:${target.projectId}:${email}`);
    if (wait !== null) return;
    const token = randomBytes(32).toString('base64url');
    await sql('INSERT INTO auth_verification_token (identifier, expires, token) VALUES ($1, $2, $3)', [
      `reset:${email}`,
      new Date(Date.now() + 3600 * 1000),
      sha256(token),
    ]);
    const link = `${target.origin}${AUTH_BASE_PATH}/reset-password?email=${encodeURIComponent(email)}&token=${token}`;
    await this.#o.mailer.send({
      to: email,
      subject: `Reset your password for ${target.appName}`,
      text: `Someone asked to reset the password of your ${target.appName} account.\n\nChoose a new password within an hour:\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    });
  }

  /** Sets a new password from a reset link and ends every session of that visitor; the error code, or null. */
  async resetPassword(
    target: AuthTarget,
    rawEmail: string,
    token: string,
    password: string,
  ): Promise<AuthErrorCode | 'invalid_link' | null> {
    if (password.length < MIN_PASSWORD) return 'password_too_short';
    if (password.length > MAX_PASSWORD) return 'password_too_long';
    const email = normaliseEmail(rawEmail);
    const sql = this.sql(target);
    const [row] = await sql(
      'DELETE FROM auth_verification_token WHERE identifier = $1 AND token = $2 RETURNING expires',
      [`reset:${email}`, sha256(token)],
    );
    if (!row || new Date(String(row.expires)).getTime() < Date.now()) return 'invalid_link';
    const passwordHash = await hash(password);
    const [user] = await sql(
      `UPDATE auth_accounts SET password = $2 WHERE provider = $3 AND "userId" = (SELECT id FROM auth_users WHERE email = $1)
        RETURNING "userId"`,
      [email, passwordHash, PASSWORD_PROVIDER],
    );
    if (!user) return 'invalid_link';
    await sql(`DELETE FROM auth_sessions WHERE "userId" = $1`, [user.userId]);
    await sql(`UPDATE auth_users SET "emailVerified" = COALESCE("emailVerified", now()) WHERE email = $1`, [
      email,
    ]);
    return null;
  }

  /** The adapter of a branch (tests and the bench read rows through it). */
  adapter(target: Pick<AuthTarget, 'projectId' | 'branch'>): Adapter {
    return appAdapter(this.sql(target));
  }
}

/** A cookie's value from a Cookie header. */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** The fields of a form or JSON body (Auth.js takes both). */
function formFields(body: string, contentType: string | null): Record<string, string | undefined> {
  if ((contentType ?? '').includes('application/json')) {
    try {
      const json = JSON.parse(body) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(json).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]),
      );
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** Whether Auth.js's answer set a session cookie (a sign-in that worked). */
function signedIn(res: Response): boolean {
  return res.headers.getSetCookie().some((c) => /authjs\.session-token=[^;]/.test(c));
}
