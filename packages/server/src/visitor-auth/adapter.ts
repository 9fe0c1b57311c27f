/**
 * @module Auth.js's database adapter over one branch of a generated app's own database (the spec's
 * `auth_users`, `auth_accounts`, `auth_sessions`, `auth_verification_token`; ./auth-tables.sql). Every
 * statement goes through `AppDatabases.query`, the same guarded path the app's own SQL takes.
 */

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Adapter, AdapterAccount, AdapterSession, AdapterUser } from '@auth/core/adapters';
import type { AppDatabases, AppDbKey } from '../app-db/index';

/** The auth tables' DDL, applied once per branch as the migration `AUTH_TABLES_MIGRATION`. */
export const AUTH_TABLES_SQL = readFileSync(new URL('./auth-tables.sql', import.meta.url), 'utf8');
/** Its name in the branch's `_kiln_migrations`. */
export const AUTH_TABLES_MIGRATION = 'kiln_auth_tables';
/** The provider name of the e-mail + password account row (both credentials providers use it). */
export const PASSWORD_PROVIDER = 'credentials';

type Row = Record<string, unknown>;

const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(String(v)));
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export function toUser(row: Row): AdapterUser {
  return {
    id: String(row.id),
    name: text(row.name),
    email: String(row.email ?? ''),
    emailVerified: date(row.emailVerified),
    image: text(row.image),
  };
}

function toSession(row: Row): AdapterSession {
  return {
    sessionToken: String(row.sessionToken),
    userId: String(row.userId),
    expires: date(row.expires) ?? new Date(0),
  };
}

/** The SQL runner of one branch: rows of one statement. */
export type BranchSql = (text: string, values?: unknown[]) => Promise<Row[]>;

/** Runs statements on one branch, making the auth tables first (once per branch and process). */
export function branchSql(
  databases: AppDatabases,
  key: AppDbKey,
  made: Map<string, Promise<unknown>>,
): BranchSql {
  const id = `${key.projectId}/${key.branch}`;
  return async (statement, values = []) => {
    let ready = made.get(id);
    if (!ready) {
      ready = databases.migrate(key, [{ name: AUTH_TABLES_MIGRATION, sql: AUTH_TABLES_SQL }]).then((r) => {
        const failed = r.find((m) => m.status === 'FAILED');
        if (failed) throw new Error(`The auth tables could not be made: ${failed.error}`);
      });
      made.set(id, ready);
      ready.catch(() => made.delete(id));
    }
    await ready;
    return (await databases.query(key, statement, values)).rows;
  };
}

/** E-mail addresses are kept lower-cased and trimmed: one account per address whatever its spelling. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The adapter Auth.js uses for one app branch. */
export function appAdapter(sql: BranchSql): Adapter {
  return {
    async createUser(user) {
      const [row] = await sql(
        `INSERT INTO auth_users (id, name, email, "emailVerified", image) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [
          randomUUID(),
          user.name ?? null,
          normaliseEmail(user.email),
          user.emailVerified ?? null,
          user.image ?? null,
        ],
      );
      return toUser(row ?? {});
    },
    async getUser(id) {
      const [row] = await sql('SELECT * FROM auth_users WHERE id = $1', [id]);
      return row ? toUser(row) : null;
    },
    async getUserByEmail(email) {
      if (!email) return null;
      const [row] = await sql('SELECT * FROM auth_users WHERE email = $1', [normaliseEmail(email)]);
      return row ? toUser(row) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const [row] = await sql(
        `SELECT u.* FROM auth_users u JOIN auth_accounts a ON a."userId" = u.id
          WHERE a.provider = $1 AND a."providerAccountId" = $2`,
        [provider, providerAccountId],
      );
      return row ? toUser(row) : null;
    },
    async updateUser(user) {
      const [row] = await sql(
        `UPDATE auth_users SET name = COALESCE($2, name), email = COALESCE($3, email),
            "emailVerified" = COALESCE($4, "emailVerified"), image = COALESCE($5, image)
          WHERE id = $1 RETURNING *`,
        [
          user.id,
          user.name ?? null,
          user.email ? normaliseEmail(user.email) : null,
          user.emailVerified ?? null,
          user.image ?? null,
        ],
      );
      return toUser(row ?? {});
    },
    async deleteUser(id) {
      await sql('DELETE FROM auth_users WHERE id = $1', [id]);
    },
    async linkAccount(account: AdapterAccount) {
      await sql(
        `INSERT INTO auth_accounts (id, "userId", type, provider, "providerAccountId", refresh_token, access_token,
            expires_at, id_token, scope, session_state, token_type)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          randomUUID(),
          account.userId,
          account.type,
          account.provider,
          account.providerAccountId,
          account.refresh_token ?? null,
          account.access_token ?? null,
          account.expires_at ?? null,
          account.id_token ?? null,
          account.scope ?? null,
          typeof account.session_state === 'string' ? account.session_state : null,
          account.token_type ?? null,
        ],
      );
      return account;
    },
    async unlinkAccount({ provider, providerAccountId }) {
      await sql(`DELETE FROM auth_accounts WHERE provider = $1 AND "providerAccountId" = $2`, [
        provider,
        providerAccountId,
      ]);
    },
    async createSession(session) {
      const [row] = await sql(
        `INSERT INTO auth_sessions (id, "userId", expires, "sessionToken") VALUES ($1, $2, $3, $4) RETURNING *`,
        [randomUUID(), session.userId, session.expires, session.sessionToken],
      );
      return toSession(row ?? {});
    },
    async getSessionAndUser(sessionToken) {
      const [row] = await sql(
        `SELECT s."sessionToken", s."userId", s.expires, u.id, u.name, u.email, u."emailVerified", u.image
           FROM auth_sessions s JOIN auth_users u ON u.id = s."userId" WHERE s."sessionToken" = $1`,
        [sessionToken],
      );
      return row ? { session: toSession(row), user: toUser(row) } : null;
    },
    async updateSession(session) {
      const [row] = await sql(
        `UPDATE auth_sessions SET expires = COALESCE($2, expires) WHERE "sessionToken" = $1 RETURNING *`,
        [session.sessionToken, session.expires ?? null],
      );
      return row ? toSession(row) : null;
    },
    async deleteSession(sessionToken) {
      await sql(`DELETE FROM auth_sessions WHERE "sessionToken" = $1`, [sessionToken]);
    },
    async createVerificationToken(token) {
      await sql('INSERT INTO auth_verification_token (identifier, expires, token) VALUES ($1, $2, $3)', [
        token.identifier,
        token.expires,
        token.token,
      ]);
      return token;
    },
    async useVerificationToken({ identifier, token }) {
      const [row] = await sql(
        'DELETE FROM auth_verification_token WHERE identifier = $1 AND token = $2 RETURNING *',
        [identifier, token],
      );
      return row
        ? {
            identifier: String(row.identifier),
            token: String(row.token),
            expires: date(row.expires) ?? new Date(0),
          }
        : null;
    },
  };
}
