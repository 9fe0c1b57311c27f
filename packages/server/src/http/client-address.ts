/**
 * @module The address a request came from, for rate limits and logs: the TCP peer's, or with
 * `KILN_TRUST_PROXY=1` the first address of `X-Forwarded-For` (set by the proxy in front of Kiln).
 */
/** What @hono/node-server hands a fetch handler as its second argument (the part read here). */
export interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string }; headers?: Record<string, string | string[] | undefined> };
}

/** The client's address, or 'unknown' when the request did not come through a socket (tests calling fetch). */
export function clientAddress(req: Request, env: NodeBindings | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const peer = env?.incoming?.socket?.remoteAddress;
  return peer ? peer.replace(/^::ffff:/, '') : 'unknown';
}
