/**
 * Hosting published apps (issue 15) on PGlite and PostgreSQL: the production document (brotli / gzip, ETag and
 * 304, minified), immutable runtime chunks, the per-host cache forgetting an app the moment it is republished,
 * rolled back, unpublished or made private, the deployments list, and — on PostgreSQL — a second process's
 * cache cleared through NOTIFY.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createBuiltinProvider, generate } from '@kiln/codegen';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index';
import { revisions } from '../src/db/schema';
import { hostingChanged, LiveApps, preferredEncoding } from '../src/hosting/index';
import {
  type Backend,
  type Client,
  createProject,
  postgresAvailable,
  publish,
  signUp,
  startTestKiln,
  type TestKiln,
  waitFor,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const DEPLOYMENTS = `query($p: ID!) { project(id: $p) { publish { status url } deployments {
  id revisionId revisionNumber createdAt createdBy size compressedSize live } } }`;

async function owner(t: TestKiln): Promise<Client> {
  return (await signUp(t, 'host@example.com', { displayName: 'Hana Host' })).client;
}

const PROMPT = 'A todo list app with due dates';
/** The builtin generator's todo app, made once in this process (no worker, no validation browser). */
const todoModules = (async () => {
  for await (const event of generate({ prompt: PROMPT, modules: [] }, createBuiltinProvider())) {
    if (event.type === 'done') return event.modules;
  }
  throw new Error('the builtin generator ended without its modules');
})();

/** A project whose first revision is the finished todo app: prepared data, not a generation (workers are off). */
async function finishedProject(t: TestKiln, client: Client): Promise<string> {
  const { id } = await createProject(client, PROMPT);
  const modules = (await todoModules).map((m) => ({
    filePath: m.filePath,
    moduleType: m.moduleType,
    content: m.content,
  }));
  await t.kiln.database.db
    .update(revisions)
    .set({ status: 'VALID', modules })
    .where(eq(revisions.projectId, id));
  return id;
}

/** Adds prepared modules (pages, components) to the project's finished revision. */
async function addModules(
  t: TestKiln,
  projectId: string,
  modules: { filePath: string; moduleType: string; content: string }[],
): Promise<void> {
  const db = t.kiln.database.db;
  const [rev] = await db.select().from(revisions).where(eq(revisions.projectId, projectId));
  await db
    .update(revisions)
    .set({ modules: [...rev!.modules, ...modules] })
    .where(eq(revisions.id, rev!.id));
}

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', null],
    ['identity', null],
    ['*', 'br'],
    ['GZIP;q=0.5', 'gzip'],
  ])('%s → %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});

describe.each(backends)('hosting on %s', (backend) => {
  it('serves the production document precompressed with an ETag, 304 when unchanged, chunks immutable', {
    timeout: 90_000,
  }, async () => {
    await using t = await startTestKiln(backend, { KILN_WORKERS: '0' });
    const me = await owner(t);
    const projectId = await finishedProject(t, me);
    const deployment = await publish(me, projectId);
    expect(deployment.live).toBe(true);
    const host = new URL(deployment.url).hostname;
    const visitor = t.client();

    const plain = await visitor.send('GET', '/', { host });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));
    expect(Buffer.byteLength(plain.text)).toBe(deployment.size);
    // The production build: minified CSS (no indentation) and module code without its line structure.
    const css = /<style id="[^"]+">([\s\S]*?)<\/style>/.exec(plain.text)?.[1] ?? '';
    expect(css.length).toBeGreaterThan(100);
    expect(css).not.toMatch(/\n {2}/);

    const raw = (encoding: string, path = '/') =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: t.kiln.port,
            path,
            headers: { host: `${host}:${t.kiln.port}`, 'accept-encoding': encoding },
          },
          (res: IncomingMessage) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(plain.text) / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.text);
    const gz = await raw('gzip', '/todos/anything');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(plain.text);
    expect(gz.headers.etag).toBe(etag);

    const again = await visitor.send('GET', '/', { host, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await visitor.send('GET', '/', { host, headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
    const head = await visitor.send('HEAD', '/', { host });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');

    // Content-hashed runtime chunks are cached for ever; the entry is revalidated.
    const chunk = /chunks\/[\w.-]+\.js/.exec(
      (await visitor.send('GET', '/_kiln/runtime.js', { host })).text,
    )?.[0];
    expect(chunk).toBeDefined();
    const chunkRes = await visitor.send('GET', `/_kiln/${chunk}`, { host });
    expect(chunkRes.status).toBe(200);
    expect(chunkRes.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunkBr = await raw('br', `/_kiln/${chunk}`);
    expect(chunkBr.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(chunkBr.body).toString()).toBe(chunkRes.text);
    const chunkAgain = await visitor.send('GET', `/_kiln/${chunk}`, {
      host,
      headers: { 'if-none-match': chunkRes.headers.etag as string },
    });
    expect(chunkAgain.status).toBe(304);
    expect((await visitor.send('GET', '/_kiln/runtime.js', { host })).headers['cache-control']).toBe(
      'no-cache',
    );

    // Not a page: the app's API and unknown hosts answer as before.
    expect((await visitor.send('GET', '/api/nothing-here', { host })).headers['content-type']).not.toContain(
      'text/html',
    );
    const missing = await visitor.send('GET', '/', { host: 'no-such-app.apps.localhost' });
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('lists deployments and serves the new state at once after republish, rollback, unpublish and private', {
    timeout: 90_000,
  }, async () => {
    await using t = await startTestKiln(backend, {
      KILN_WORKERS: '0',
      KILN_PRIVATE_PROJECT_LIMITS: '{"FREE": 1}',
    });
    const me = await owner(t);
    const projectId = await finishedProject(t, me);
    const first = await publish(me, projectId);
    const host = new URL(first.url).hostname;
    const visitor = t.client();
    const page = () => visitor.send('GET', '/', { host });
    const firstEtag = (await page()).headers.etag;

    // An edited page (prepared: the revision's modules changed in place) makes a different second deployment.
    const [rev] = await t.kiln.database.db.select().from(revisions).where(eq(revisions.projectId, projectId));
    const edited = rev!.modules.map((m) =>
      m.moduleType === 'PAGE'
        ? { ...m, content: `${m.content}\nconst deploymentMarker = 'second deployment 7f3a';\n` }
        : m,
    );
    await t.kiln.database.db.update(revisions).set({ modules: edited }).where(eq(revisions.id, rev!.id));
    const second = await publish(me, projectId);
    const secondPage = await page();
    expect(secondPage.headers.etag).not.toBe(firstEtag);
    expect(secondPage.text).toContain('second deployment 7f3a');

    const listed = await me.gql(DEPLOYMENTS, { p: projectId });
    expect(listed.errors).toBeUndefined();
    const list = listed.data.project.deployments;
    expect(list.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({ revisionNumber: 1, createdBy: 'Hana Host', live: true });
    expect(list[1].live).toBe(false);
    expect(list[0].size).toBe(Buffer.byteLength(secondPage.text));
    expect(list[0].compressedSize).toBeGreaterThan(0);
    expect(list[0].compressedSize).toBeLessThan(list[0].size / 3);

    const back = await me.gql(`mutation($d: ID!) { rollbackDeployment(deploymentId: $d) { id live url } }`, {
      d: first.id,
    });
    expect(back.errors).toBeUndefined();
    expect(back.data.rollbackDeployment).toEqual({ id: first.id, live: true, url: first.url });
    expect((await page()).headers.etag).toBe(firstEtag);
    const afterRollback = (await me.gql(DEPLOYMENTS, { p: projectId })).data.project.deployments;
    expect(afterRollback.map((d: { live: boolean }) => d.live)).toEqual([false, true]);

    const off = await me.gql(`mutation($p: ID!) { unpublishProject(projectId: $p) { id } }`, {
      p: projectId,
    });
    expect(off.errors).toBeUndefined();
    const gone = await page();
    expect(gone.status).toBe(404);
    expect(gone.json()).toMatchObject({
      error: { code: 'not_found', message: 'No app is published at this address.' },
    });
    expect((await visitor.send('POST', '/api/todos', { host, body: {} })).status).toBe(404);
    const state = (await me.gql(DEPLOYMENTS, { p: projectId })).data.project;
    expect(state.publish.status).toBe('UNPUBLISHED');
    expect(state.deployments.every((d: { live: boolean }) => !d.live)).toBe(true);
    const twice = await me.gql(`mutation($p: ID!) { unpublishProject(projectId: $p) { id } }`, {
      p: projectId,
    });
    expect(twice.errors?.[0]?.message).toBe('This project is not published.');

    const on = await me.gql(`mutation($p: ID!) { republishProject(projectId: $p) { id url } }`, {
      p: projectId,
    });
    expect(on.errors).toBeUndefined();
    expect(on.data.republishProject).toEqual({ id: first.id, url: first.url });
    expect((await page()).headers.etag).toBe(firstEtag);

    // Visibility reaches the cache too: PRIVATE closes the page at once.
    const priv = await me.gql(
      `mutation($p: ID!) { setProjectVisibility(projectId: $p, visibility: "PRIVATE") { id } }`,
      { p: projectId },
    );
    expect(priv.errors).toBeUndefined();
    expect((await page()).status).toBe(403);

    // Someone else can neither list nor switch this project's deployments.
    const { client: stranger } = await signUp(t, 'other@example.com');
    const peek = await stranger.gql(DEPLOYMENTS, { p: projectId });
    expect(peek.data?.project?.deployments).toBeUndefined();
    const grab = await stranger.gql(`mutation($d: ID!) { rollbackDeployment(deploymentId: $d) { id } }`, {
      d: second.id,
    });
    expect(grab.errors?.[0]?.message).toBe('Deployment not found.');
  });

  it('splits the app per page: each page its own document, the page chunks immutable, a private app closed', {
    timeout: 90_000,
  }, async () => {
    await using t = await startTestKiln(backend, { KILN_WORKERS: '0' });
    const me = await owner(t);
    const projectId = await finishedProject(t, me);
    await addModules(t, projectId, [
      {
        filePath: 'apps/web/src/app/about/page.tsx',
        moduleType: 'PAGE',
        content: 'export default function About() { return <main><h1>About Lumen</h1><TeamList /></main>; }',
      },
      {
        filePath: 'apps/web/src/components/TeamList.tsx',
        moduleType: 'COMPONENT',
        content:
          'export default function TeamList() { return <ul><li>Only the about page lists Ada</li></ul>; }',
      },
    ]);
    const host = new URL((await publish(me, projectId)).url).hostname;
    const visitor = t.client();
    const boot = (html: string) =>
      JSON.parse(/<script type="application\/json" id="kiln-boot">(.*?)<\/script>/s.exec(html)![1]!) as {
        modules: { filePath: string }[];
        chunks: { route: string; filePath: string; url: string }[];
      };

    // Each page's document carries its own code, not the other page's.
    const home = await visitor.send('GET', '/', { host });
    const about = await visitor.send('GET', '/about', { host });
    expect(home.text).not.toContain('Only the about page lists Ada');
    expect(about.text).toContain('Only the about page lists Ada');
    expect(boot(home.text).modules.map((m) => m.filePath)).not.toContain('apps/web/src/app/about/page.tsx');
    expect(about.headers.etag).not.toBe(home.headers.etag);
    const chunks = boot(home.text).chunks;
    expect(chunks.map((c) => c.route).sort()).toEqual(['/', '/about']);
    // A path without its own document (a query) gets the plain one: no page's code, every page's chunk.
    const plain = boot((await visitor.send('GET', '/about?ref=mail', { host })).text);
    expect(plain.modules.map((m) => m.filePath)).not.toContain('apps/web/src/app/about/page.tsx');
    expect(plain.chunks).toEqual(chunks);

    // The about page's chunk: its page and its own component, cached for ever, encoded, validated.
    const aboutChunk = chunks.find((c) => c.route === '/about')!.url;
    expect(aboutChunk).toMatch(/^\/_kiln\/pages\/[\w-]{16}\.json$/);
    const chunk = await visitor.send('GET', aboutChunk, { host });
    expect(chunk.status).toBe(200);
    expect(chunk.headers['content-type']).toBe('application/json');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const own = chunk.json<{ modules: { filePath: string }[] }>().modules.map((m) => m.filePath);
    expect(own).toEqual(['apps/web/src/app/about/page.tsx', 'apps/web/src/components/TeamList.tsx']);
    const encoded = await new Promise<{ encoding: unknown; body: Buffer }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: t.kiln.port,
          path: aboutChunk,
          headers: { host: `${host}:${t.kiln.port}`, 'accept-encoding': 'br' },
        },
        (res: IncomingMessage) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(parts) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(encoded.encoding).toBe('br');
    expect(brotliDecompressSync(encoded.body).toString('utf8')).toBe(chunk.text);
    const again = await visitor.send('GET', aboutChunk, {
      host,
      headers: { 'if-none-match': chunk.headers.etag as string },
    });
    expect(again.status).toBe(304);
    expect((await visitor.send('GET', '/_kiln/pages/AAAAAAAAAAAAAAAA.json', { host })).status).toBe(404);

    // A private app's chunks are its visitors' only, like its pages (two private pages: a paid plan).
    await t.kiln.database.db.execute(
      sql`UPDATE organizations SET plan = 'PRO' WHERE id = (SELECT organization_id FROM projects WHERE id = ${projectId})`,
    );
    const priv = await me.gql(
      `mutation($p: ID!) { setProjectVisibility(projectId: $p, visibility: "PRIVATE") { id } }`,
      { p: projectId },
    );
    expect(priv.errors).toBeUndefined();
    const closed = await visitor.send('GET', aboutChunk, { host });
    expect(closed.status).toBe(403);
    expect(closed.text).not.toContain('Only the about page lists Ada');
  });

  it('prerenders the pages that need no data after the publish; pages with data or parameters stay as they were', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln(backend, { KILN_WORKERS: '0', KILN_PRERENDER: 'on' });
    const me = await owner(t);
    const projectId = await finishedProject(t, me);
    // The todo app's home page loads its todos from /api/todos; two more pages, prepared: one without data,
    // one with a route parameter.
    await addModules(t, projectId, [
      {
        filePath: 'apps/web/src/app/about/page.tsx',
        moduleType: 'PAGE',
        content: `export default function About() {
  return <main className="p-8"><h1>About Lumen Todos</h1><p>Plan your week, offline first.</p><AppHeader /></main>;
}`,
      },
      {
        filePath: 'apps/web/src/app/todos/[id]/page.tsx',
        moduleType: 'PAGE',
        content: 'export default function Todo() { return <p>One todo, static text</p>; }',
      },
    ]);
    const deployment = await publish(me, projectId);
    const host = new URL(deployment.url).hostname;
    const visitor = t.client();
    const rootOf = (html: string) => /<div id="kiln-root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1];

    // The publish answered before the pages were rendered: the first answers are the plain document.
    const about = await waitFor(async () => {
      const res = await visitor.send('GET', '/about', { host });
      // The page's source is in its document (the boot data): the markup is what counts.
      return rootOf(res.text)?.includes('About Lumen Todos') ? res : null;
    }, 90_000);
    expect(about.status).toBe(200);
    expect(about.headers['cache-control']).toBe('no-cache');
    // The markup is in the first response, in the root element, before the runtime script has run.
    const markup = rootOf(about.text) ?? '';
    expect(markup).toContain('<h1>About Lumen Todos</h1>');
    expect(markup).toContain('Plan your week, offline first.');
    expect(markup).not.toContain('<script');
    expect(about.text).toContain('/_kiln/runtime.js');
    expect(about.text).toContain('id="kiln-boot"');

    // The page that loads data, the page with a parameter and a request with a query get no markup: the home page
    // its own document (the build is split per page), the others the deployment's plain one (its page's chunk
    // loads in the browser).
    const home = await visitor.send('GET', '/', { host });
    expect(rootOf(home.text)).toBe('');
    expect(home.headers.etag).not.toBe(about.headers.etag);
    const todo = await visitor.send('GET', '/todos/1', { host });
    expect(rootOf(todo.text)).toBe('');
    const withQuery = await visitor.send('GET', '/about?ref=mail', { host });
    expect(withQuery.headers.etag).toBe(todo.headers.etag);
    expect(withQuery.headers.etag).not.toBe(home.headers.etag);
    expect(rootOf((await visitor.send('GET', '/about/', { host })).text)).toBe(markup);

    // A prerendered page is encoded and validated like any document.
    const again = await visitor.send('GET', '/about', {
      host,
      headers: { 'if-none-match': about.headers.etag as string },
    });
    expect(again.status).toBe(304);
    const br = await new Promise<Buffer>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: t.kiln.port,
          path: '/about',
          headers: { host: `${host}:${t.kiln.port}`, 'accept-encoding': 'br' },
        },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(brotliDecompressSync(br).toString()).toBe(about.text);

    // The pages stay with their deployment: a second deployment serves its own, a rollback the first's again.
    const second = await publish(me, projectId);
    expect(second.id).not.toBe(deployment.id);
    const back = await me.gql(`mutation($d: ID!) { rollbackDeployment(deploymentId: $d) { id } }`, {
      d: deployment.id,
    });
    expect(back.errors).toBeUndefined();
    expect((await visitor.send('GET', '/about', { host })).headers.etag).toBe(about.headers.etag);
  });

  it.runIf(backend === 'postgres')(
    'forgets an app in another process when it is told through NOTIFY',
    async () => {
      await using t = await startTestKiln(backend, { KILN_WORKERS: '0' });
      const me = await owner(t);
      const projectId = await finishedProject(t, me);
      const { url } = await publish(me, projectId);
      const slug = new URL(url).hostname.split('.')[0]!;
      // A second process's cache: its own connection, its own listener.
      const other = await openDatabase({ databaseUrl: t.databaseUrl!, dataDir: t.dataDir });
      const apps = new LiveApps(other.db);
      try {
        await apps.listen(t.databaseUrl!, () => {});
        expect((await apps.get(slug))?.projectId).toBe(projectId);
        // Cached here. The publish's own best-brotli re-encode ends with a NOTIFY that may land just now and
        // clear it (that, too, is another process's NOTIFY heard here): read again until it stays.
        await waitFor(async () => (await apps.get(slug)) !== null && apps.peek(slug) !== undefined, 5_000);
        // The local emitter reaches every instance in this test process; only NOTIFY reaches another process,
        // so notify by hand on the server's database, as hostingChanged does there.
        await t.kiln.database.db.execute(sql`SELECT pg_notify('kiln_hosting', ${slug})`);
        await waitFor(async () => apps.peek(slug) === undefined, 5_000);
        const off = await me.gql(`mutation($p: ID!) { unpublishProject(projectId: $p) { id } }`, {
          p: projectId,
        });
        expect(off.errors).toBeUndefined();
        await hostingChanged(t.kiln.database.db, slug);
        expect(await apps.get(slug)).toBeNull();
      } finally {
        await apps.close();
        await other.close();
      }
    },
  );
});
