/** What every route of the app shares: reading a request's JSON and the usual error answers. */

/** The second argument of a route under an `[id]` folder. */
export type Context = { params: { id: string } };

/** The JSON object a request carries, or null when it has none. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? body : null;
  } catch {
    return null;
  }
}

/** A 400 answer: the page shows `error`. */
export function badRequest(error: string) {
  return Response.json({ error }, { status: 400 });
}

/** A 404 answer: the page shows `error`. */
export function notFound(error: string) {
  return Response.json({ error }, { status: 404 });
}

/** The answer to a visitor who is not signed in: the page shows the error, the header offers Sign in. */
export function signInFirst(what: string) {
  return Response.json({ error: 'Sign in to keep your ' + what + '.', signIn: true }, { status: 401 });
}

/** `value` as trimmed text of at most `max` characters (default: any length; '' when it is not text). */
export function text(value: unknown, max = Infinity): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}
