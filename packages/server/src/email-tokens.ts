/**
 * @module E-mail verification and password reset. Tokens are random, stored hashed, single-use and expire
 * (verification 7 days, reset 1 hour). Asking for a reset never reveals whether an address has an account.
 * Each kind of mail goes to one address at most `RATE_LIMITS.*MailsPerEmail` times an hour: over that, the
 * caller gets the usual answer, nothing is sent, and the log says so.
 */

import { KilnError } from '@kiln/core';
import { hash } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { checkPassword, type User } from './accounts';
import type { Db } from './db/index';
import { emailTokens, sessions, users } from './db/schema';
import { hashToken, newSessionToken } from './ids';
import type { Mailer } from './mailer';
import { mayMail, type RateLimits } from './rate-limits';

type Purpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';
const LIFETIME_MS: Record<Purpose, number> = { VERIFY_EMAIL: 7 * 86_400_000, RESET_PASSWORD: 3_600_000 };
const INVALID = 'This link is not valid any more. Ask for a new one.';

async function issue(db: Db, userId: string, purpose: Purpose): Promise<string> {
  const { token, hash: id } = newSessionToken();
  await db
    .insert(emailTokens)
    .values({ id, userId, purpose, expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]) });
  return token;
}

async function redeem(db: Db, token: string, purpose: Purpose): Promise<string> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.id, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw new KilnError('validation', INVALID);
  return row.userId;
}

/** What sending an account mail needs. */
export interface AccountMail {
  db: Db;
  mailer: Mailer;
  builderOrigin: string;
  limits: RateLimits;
  log(msg: string, extra?: unknown): void;
}

type MailKind = Parameters<typeof mayMail>[1];

/** Whether this mail may go now; when it may not, the log says so (with the account's id, not its address). */
async function allowed(m: AccountMail, kind: MailKind, user: User): Promise<boolean> {
  if (await mayMail(m.limits, kind, user.email)) return true;
  m.log('account mail not sent: hourly limit for the address reached', { kind, userId: user.id });
  return false;
}

/** Send the "confirm your e-mail" message with a link to `{builder}/verify-email?token=…`. */
export async function sendVerification(m: AccountMail, user: User): Promise<void> {
  if (user.status !== 'UNVERIFIED') return;
  if (!(await allowed(m, 'verificationMailsPerEmail', user))) return;
  const token = await issue(m.db, user.id, 'VERIFY_EMAIL');
  await m.mailer.send({
    to: user.email,
    subject: 'Confirm your e-mail for Kiln',
    text: `Hello ${user.displayName},\n\nConfirm your e-mail address by opening this link:\n${m.builderOrigin}/verify-email?token=${token}\n\nIf you did not sign up for Kiln, ignore this message.`,
  });
}

/** Someone signed up with an address that has an account: tell its owner, instead of telling the caller. */
export async function sendAccountExists(m: AccountMail, owner: User): Promise<void> {
  if (!(await allowed(m, 'accountExistsMailsPerEmail', owner))) return;
  await m.mailer.send({
    to: owner.email,
    subject: 'Someone tried to create a Kiln account with your address',
    text: `Hello ${owner.displayName},\n\nSomeone tried to create a Kiln account with this address. If it was you, sign in or reset your password: ${m.builderOrigin}/login or ${m.builderOrigin}/forgot-password\n\nIf it was not you, ignore this message: nothing was changed.`,
  });
}

export async function verifyEmail(db: Db, token: string): Promise<User> {
  const userId = await redeem(db, token, 'VERIFY_EMAIL');
  const [user] = await db.update(users).set({ status: 'VERIFIED' }).where(eq(users.id, userId)).returning();
  return user!;
}

/** Mail a reset link when the address has an account; answers the same either way. */
export async function requestPasswordReset(m: AccountMail, email: string): Promise<void> {
  const [user] = await m.db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
  if (!user) return;
  if (!(await allowed(m, 'resetMailsPerEmail', user))) return;
  const token = await issue(m.db, user.id, 'RESET_PASSWORD');
  await m.mailer.send({
    to: user.email,
    subject: 'Reset your Kiln password',
    text: `Hello ${user.displayName},\n\nChoose a new password here (the link works for one hour):\n${m.builderOrigin}/reset-password?token=${token}\n\nIf you did not ask for this, ignore this message: your password stays as it is.`,
  });
}

/** Set a new password with a reset token; every existing session of the account ends. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  checkPassword(password);
  const userId = await redeem(db, token, 'RESET_PASSWORD');
  await db
    .update(users)
    .set({ passwordHash: await hash(password) })
    .where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
