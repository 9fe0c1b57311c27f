/** The JSON object a request carries, or null when it has none. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? body : null;
  } catch {
    return null;
  }
}

export function badRequest(error: string) {
  return Response.json({ error }, { status: 400 });
}
