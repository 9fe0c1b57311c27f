/** The stub of Kiln's `@/auth` module for functions: `auth()` is the signed-in visitor's session, or null. */
declare module '@/auth' {
  export function auth(): Promise<{
    user: { id: string; email: string; name: string | null; image: string | null };
    expires: string;
  } | null>;
}
