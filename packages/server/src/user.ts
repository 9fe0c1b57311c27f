/**
 * The signed-in person as the services see them: a row of `users`. Its own module so that the services
 * accounts.ts calls (organizations, credits) can name it without importing accounts.ts back.
 */
import type { users } from './db/schema';

export type User = typeof users.$inferSelect;
