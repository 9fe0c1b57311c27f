/** @module Platform administration (platform role ADMIN): list users, change their role and designation. */
import { KilnError, USER_ROLES } from '@kiln/core';
import { asc, eq } from 'drizzle-orm';
import type { User } from './accounts';
import type { Db } from './db/index';
import { users } from './db/schema';
import { SERVER_MESSAGES as M } from './messages';

function requireAdmin(user: User): void {
  if (user.role !== 'ADMIN') throw new KilnError('forbidden', M.forbidden);
}

export async function listUsers(db: Db, admin: User) {
  requireAdmin(admin);
  return db.select().from(users).orderBy(asc(users.createdAt));
}

/** Set a user's platform role (ADMIN, CUSTOMER, CREATOR, CREATOR_LEAD) and AMBASSADOR designation. */
export async function updateUser(
  db: Db,
  admin: User,
  input: { userId: string; role?: string | null; ambassador?: boolean | null },
): Promise<User> {
  requireAdmin(admin);
  if (input.role && !(USER_ROLES as readonly string[]).includes(input.role)) {
    throw new KilnError('validation', `Unknown role ${input.role}: use one of ${USER_ROLES.join(', ')}.`);
  }
  if (input.userId === admin.id && input.role && input.role !== 'ADMIN') {
    throw new KilnError('validation', 'You cannot remove your own ADMIN role; ask another admin.');
  }
  const [user] = await db
    .update(users)
    .set({
      ...(input.role ? { role: input.role } : {}),
      ...(typeof input.ambassador === 'boolean' ? { ambassador: input.ambassador } : {}),
    })
    .where(eq(users.id, input.userId))
    .returning();
  if (!user) throw new KilnError('not_found', 'User not found.');
  return user;
}
