/**
 * @module `@/auth` for functions: `auth()` is the signed-in visitor's session, or null. Kiln's visitor
 * accounts are not part of the export, so it is null until you add your own authentication.
 */

/** A signed-in visitor's session (the shape Kiln's functions see). */
export interface Session {
  user: { id: string; email: string; name: string | null; image: string | null };
  expires: string;
}

export async function auth(): Promise<Session | null> {
  return null;
}

export default auth;
