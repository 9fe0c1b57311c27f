/**
 * @module The app's server routes (Hono): every function module's handlers at its route, with `[id]`
 * segments passed as `params` (Kiln's contract: `GET(request, { params })`), and uploads. `server/index.ts` adds
 * the built pages for production; in development Vite serves the pages and hands `/api` and `/uploads` here.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Hono } from 'hono';
import { type FunctionRoute, functions, type RouteModule } from './functions.ts';

/** The HTTP methods a route module may export. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
/** Largest upload accepted (bytes); larger ones get 413. */
const MAX_UPLOAD_BYTES = Number(process.env.MAX_UPLOAD_BYTES ?? 10 * 1024 * 1024);
/** Where uploads are stored, relative to the project's root. */
const UPLOAD_DIR = process.env.UPLOAD_DIR ?? 'uploads';
/** File extensions by type for stored uploads (others are stored without one). */
const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/svg+xml': '.svg',
  'application/pdf': '.pdf',
  'text/plain': '.txt',
};

type Handler = (request: Request, context: { params: Record<string, string> }) => unknown;

/** Kiln's route (`/api/todos/[id]`, `/api/files/[...path]`) as a Hono path (`/api/todos/:id`, `…/:path{.+}`). */
export function honoPath(route: string): string {
  return route
    .split('/')
    .map((seg) => {
      const rest = /^\[{1,2}\.\.\.(.+?)\]{1,2}$/.exec(seg);
      if (rest) return `:${rest[1]}{.+}`;
      const param = /^\[(.+)\]$/.exec(seg);
      return param ? `:${param[1]}` : seg;
    })
    .join('/');
}

/**
 * One function at its route. Its module is loaded on the first request, so a module that fails to load (an
 * import this server does not have) answers 500 on its own route and leaves the other routes working, as in Kiln.
 */
function mount(app: Hono, fn: FunctionRoute): void {
  let loaded: Promise<RouteModule> | undefined;
  app.all(honoPath(fn.route), async (c) => {
    loaded ??= fn.load();
    let module: RouteModule;
    try {
      module = await loaded;
    } catch (err) {
      loaded = undefined;
      console.error(`The function at ${fn.route} could not be loaded:`, err);
      return c.json({ error: `The function at ${fn.route} could not be loaded.` }, 500);
    }
    const method = c.req.method === 'HEAD' && typeof module.HEAD !== 'function' ? 'GET' : c.req.method;
    const handler = module[method];
    if (typeof handler !== 'function') {
      const allow = METHODS.filter((m) => typeof module[m] === 'function').join(', ');
      return c.json({ error: `${c.req.method} is not allowed at ${c.req.path}.` }, 405, { allow });
    }
    const result = await (handler as Handler)(c.req.raw, { params: c.req.param() as Record<string, string> });
    if (result instanceof Response) return result;
    return Response.json(result ?? null);
  });
}

/** The app's routes: functions, uploads, and JSON 404s under `/api`. */
export function createApp(): Hono {
  const app = new Hono();
  app.onError((err, c) => {
    console.error(`${c.req.method} ${c.req.path} failed:`, err);
    return c.json({ error: 'Internal server error' }, 500);
  });
  app.post('/api/_uploads', async (c) => {
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > MAX_UPLOAD_BYTES) return c.json({ error: 'The file is too large.' }, 413);
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (body.byteLength > MAX_UPLOAD_BYTES) return c.json({ error: 'The file is too large.' }, 413);
    const mimeType = (c.req.header('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
    const name = `${randomUUID()}${EXTENSIONS[mimeType] ?? ''}`;
    await mkdir(UPLOAD_DIR, { recursive: true });
    await writeFile(join(UPLOAD_DIR, name), body);
    return c.json({ url: `/uploads/${name}`, mimeType });
  });
  app.get('/uploads/:name', async (c) => {
    const name = c.req.param('name');
    if (!/^[0-9a-f-]{36}(\.[a-z]+)?$/.test(name)) return c.notFound();
    const data = await readFile(join(UPLOAD_DIR, name)).catch(() => null);
    if (!data) return c.notFound();
    const type = Object.entries(EXTENSIONS).find(([, ext]) => ext === extname(name))?.[0];
    return new Response(data, {
      headers: {
        'content-type': type ?? 'application/octet-stream',
        'x-content-type-options': 'nosniff',
        ...(type?.startsWith('image/') && type !== 'image/svg+xml'
          ? {}
          : { 'content-disposition': 'attachment' }),
      },
    });
  });
  for (const fn of functions) mount(app, fn);
  app.all('/api/*', (c) => c.json({ error: `No function at ${c.req.path}` }, 404));
  return app;
}

export const app = createApp();
