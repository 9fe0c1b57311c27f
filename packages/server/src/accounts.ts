/**
 * @module Accounts and sessions: sign up (first account is the platform ADMIN, with a personal organisation
 * and a default project group), sign in, sign out, and the user behind a session cookie.
 */

import { KilnError } from '@kiln/core';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from './db/index';
import { sessions, users } from './db/schema';
import { hashToken, newId, newSessionToken } from './ids';
import { SERVER_MESSAGES as M } from './messages';
import { insertOrganization } from './organizations';
import type { User } from './user';

export type { User } from './user';

export const SESSION_COOKIE = 'kiln_session';
export const SESSION_DAYS = 30;
const MAX_PASSWORD = 256;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Verified against a throwaway hash when the e-mail is unknown, so timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;

function checkEmail(raw: string): string {
  const email = raw.trim();
  if (email.length > 254 || !EMAIL_RE.test(email)) throw new KilnError('validation', M.invalidEmail);
  return email;
}

export function checkPassword(password: string): void {
  if (password.length < 8) throw new KilnError('validation', M.passwordTooShort);
  if (password.length > MAX_PASSWORD) throw new KilnError('validation', M.passwordTooLong);
}

/**
 * Create an account, its personal organisation (as OWNER) and a default project group. For an e-mail that
 * already has an account nothing is created: the answer is a stand-in user of the same shape (fresh id, the
 * given e-mail) with `existing` set, so the caller can mail the owner instead of saying "e-mail taken".
 * The password is hashed either way, so the time taken does not tell the two apart.
 */
export async function signUp(
  db: Db,
  input: { email: string; password: string; displayName?: string | null },
): Promise<{ user: User; existing: User | null }> {
  const email = checkEmail(input.email);
  checkPassword(input.password);
  const displayName = (input.displayName ?? '').trim() || email.split('@')[0]!;
  if (displayName.length > 100) throw new KilnError('validation', M.nameTooLong);
  const passwordHash = await hash(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    const userId = newId();
    const username = await uniqueUsername(tx as unknown as Db, email);
    const fields = {
      id: userId,
      email,
      passwordHash,
      displayName,
      username,
      role: count === 0 ? ('ADMIN' as const) : ('CREATOR' as const),
      status: 'UNVERIFIED' as const,
    };
    if (existing) {
      const standIn: User = { ...fields, ambassador: false, photoUrl: null, createdAt: new Date() };
      return { user: standIn, existing };
    }
    const [user] = await tx.insert(users).values(fields).returning();
    await insertOrganization(tx as unknown as Db, {
      ownerId: userId,
      name: `${displayName}'s workspace`,
      personal: true,
    });
    return { user: user!, existing: null };
  });
}

async function uniqueUsername(db: Db, email: string): Promise<string> {
  const base =
    email
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 30) || 'user';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate));
    if (!taken) return candidate;
  }
}

/** Check an e-mail and password; the same message for an unknown e-mail and a wrong password. */
export async function signIn(db: Db, input: { email: string; password: string }): Promise<User> {
  const email = input.email.trim();
  if (input.password.length > MAX_PASSWORD) throw new KilnError('unauthenticated', M.wrongCredentials);
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  if (!user) {
    dummyHash ??= hash('kiln-dummy-password');
    await verify(await dummyHash, input.password);
    throw new KilnError('unauthenticated', M.wrongCredentials);
  }
  if (!(await verify(user.passwordHash, input.password)))
    throw new KilnError('unauthenticated', M.wrongCredentials);
  return user;
}

/** Start a session; returns the cookie token (only its hash is stored). */
export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash: tokenHash } = newSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({ id: tokenHash, userId, expiresAt });
  return { token, expiresAt };
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** The signed-in user for a session token, or null when it is unknown or expired. */
export async function userForSession(db: Db, token: string | undefined): Promise<User | null> {
  if (!token) return null;
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return row?.user ?? null;
}
