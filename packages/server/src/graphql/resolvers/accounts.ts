/** Accounts: the signed-in user, sign-up/in/out, e-mail verification, password resets and the dev mailbox. */
import { KilnError } from '@kiln/core';
import { createSession, endSession, signIn, signUp, type User } from '../../accounts';
import {
  type AccountMail,
  requestPasswordReset,
  resetPassword,
  sendAccountExists,
  sendVerification,
  verifyEmail,
} from '../../email-tokens';
import { mailbox } from '../../mailer';
import { guardSignIn, guardSignUp } from '../../rate-limits';
import { type GraphQLContext, iso, requireUser } from '../context';
import type {
  MutationRequestPasswordResetArgs,
  MutationResetPasswordArgs,
  MutationSignInArgs,
  MutationSignUpArgs,
  MutationVerifyEmailArgs,
} from '../schema.gen';

const accountMail = (ctx: GraphQLContext): AccountMail => ({
  db: ctx.db,
  mailer: ctx.mailer,
  builderOrigin: ctx.origins.builderOrigin,
  limits: ctx.rateLimits,
  log: ctx.log,
});

const meOf = (u: User) => ({
  id: u.id,
  email: u.email,
  displayName: u.displayName,
  username: u.username,
  role: u.role,
  status: u.status,
  profile: { photoURL: u.photoUrl },
});

export const Query = {
  me: (_: unknown, __: unknown, ctx: GraphQLContext) => (ctx.user ? meOf(ctx.user) : null),
  mailbox: (_: unknown, __: unknown, ctx: GraphQLContext) => {
    const user = requireUser(ctx);
    if (ctx.mailer.smtp)
      throw new KilnError('not_found', 'The development mailbox is off: mail goes through SMTP.');
    return mailbox(ctx.db, user);
  },
};

export const Mutation = {
  signUp: async (_: unknown, a: MutationSignUpArgs, ctx: GraphQLContext) => {
    await guardSignUp(ctx.rateLimits, ctx.clientAddress);
    const { user, existing } = await signUp(ctx.db, a);
    // The same answer whether or not the e-mail has an account; only its owner learns of the attempt.
    if (existing) {
      await sendAccountExists(accountMail(ctx), existing);
      return meOf(user);
    }
    const s = await createSession(ctx.db, user.id);
    ctx.setSession(s.token, s.expiresAt);
    await sendVerification(accountMail(ctx), user);
    return meOf(user);
  },
  verifyEmail: async (_: unknown, a: MutationVerifyEmailArgs, ctx: GraphQLContext) =>
    meOf(await verifyEmail(ctx.db, a.token)),
  resendVerification: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
    await sendVerification(accountMail(ctx), requireUser(ctx));
    return true;
  },
  requestPasswordReset: async (_: unknown, a: MutationRequestPasswordResetArgs, ctx: GraphQLContext) => {
    await requestPasswordReset(accountMail(ctx), a.email);
    return true;
  },
  resetPassword: async (_: unknown, a: MutationResetPasswordArgs, ctx: GraphQLContext) => {
    await resetPassword(ctx.db, a.token, a.password);
    return true;
  },
  signIn: async (_: unknown, a: MutationSignInArgs, ctx: GraphQLContext) => {
    const attempt = await guardSignIn(ctx.rateLimits, a.email, ctx.clientAddress);
    const user = await signIn(ctx.db, a);
    await attempt.succeeded();
    const s = await createSession(ctx.db, user.id);
    ctx.setSession(s.token, s.expiresAt);
    return meOf(user);
  },
  signOut: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
    if (ctx.sessionToken) await endSession(ctx.db, ctx.sessionToken);
    ctx.clearSession();
    return true;
  },
};

export const types = {
  Mail: { createdAt: (m: { createdAt: Date }) => iso(m.createdAt) },
};
