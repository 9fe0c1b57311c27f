/**
 * Uploads and public sheets on a published app (issue 14), through a real Kiln over HTTP: every upload form the
 * spec lists on both route spellings, the file served back byte for byte from `files.{base}` with headers that
 * cannot script anything, 413 while the body streams (a 1 MiB plan limit here), URL uploads through the egress
 * guard, presign and the presigned upload, and public-sheet rows in the app's database and its CSV.
 * One builtin generation and one publish serve every case.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESIGN_MESSAGES } from '../src/uploads/index';
import {
  type Client,
  generatedProject,
  publish,
  scriptedModelEnv,
  signUp,
  startTestKiln,
  type TestKiln,
} from './harness';

const LIMIT = 1024 * 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** One page is all an app needs to be published (a scripted model: no generation time to speak of). */
const REPLY = `A sign-up page.
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return <main className="p-6"><h1 className="text-2xl font-bold">Sign up</h1></main>;
}
</kiln:file>
`;

let t: TestKiln;
let model: AsyncDisposable;
let owner: Client;
let projectId = '';
let appHost = '';
let filesHost = '';
let allowed: Server;
let closed: Server;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json(): Record<string, unknown>;
}

/** One request with any Host and body; a Buffer body is sent chunked (no Content-Length), as a stream is. */
function send(
  host: string,
  method: string,
  path: string,
  body?: Buffer | string,
  headers: Record<string, string> = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: t.kiln.port,
        method,
        path,
        // A fresh connection each time: a kept-alive one the server is closing would fail with ECONNRESET.
        agent: false,
        headers: { host: `${host}:${t.kiln.port}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const b = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: b,
            json: () => JSON.parse(b.toString()),
          });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const json = (value: unknown) => [JSON.stringify(value), { 'content-type': 'application/json' }] as const;

function multipart(file: Buffer, filename: string, type: string, fields: Record<string, string> = {}) {
  const boundary = `kiln${Math.random().toString(36).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return [body, { 'content-type': `multipart/form-data; boundary=${boundary}` }] as const;
}

/** The file at an upload's URL, fetched from the files origin. */
async function fetchFile(url: string): Promise<Raw> {
  const u = new URL(url);
  expect(u.hostname).toBe(filesHost);
  return send(u.hostname, 'GET', u.pathname);
}

const listen = (handler: Parameters<typeof createServer>[1]) =>
  new Promise<Server>((resolve) => {
    const s = createServer(handler).listen(0, '127.0.0.1', () => resolve(s));
  });

beforeAll(async () => {
  allowed = await listen((req, res) => {
    if (req.url === '/to-inside') {
      res.writeHead(302, { location: `http://127.0.0.1:${(closed.address() as AddressInfo).port}/secret` });
      res.end();
    } else if (req.url === '/big') {
      res.end(Buffer.alloc(LIMIT + 10, 7));
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }); // the claimed type is ignored
      res.end(PNG);
    }
  });
  closed = await listen((_req, res) => res.end('secret'));
  const scripted = await startScriptedModelServer([
    { reply: REPLY, usage: { inputTokens: 9, outputTokens: 9 } },
  ]);
  model = scripted;
  t = await startTestKiln('pglite', {
    ...scriptedModelEnv(scripted),
    KILN_UPLOAD_LIMITS: JSON.stringify({ FREE: LIMIT }),
    KILN_EGRESS_ALLOW_HOSTS: `127.0.0.1:${(allowed.address() as AddressInfo).port}`,
  });
  ({ client: owner } = await signUp(t, 'owner@example.com'));
  const generated = await generatedProject(owner, 'A sign-up page', { timeoutMs: 60_000 });
  if (generated.revision.status !== 'VALID')
    throw new Error(`the generation ended ${generated.revision.status}`);
  projectId = generated.id;
  appHost = new URL((await publish(owner, projectId)).url).hostname;
  filesHost = 'files.localhost';
}, 120_000);

afterAll(async () => {
  await t?.[Symbol.asyncDispose]();
  await model?.[Symbol.asyncDispose]();
  allowed?.close();
  closed?.close();
});

describe('uploads on a published app', () => {
  const forms: [string, () => readonly [Buffer | string, Record<string, string>]][] = [
    ['multipart form data with a file', () => multipart(PNG, 'dot.png', 'image/png')],
    ['JSON with base64', () => json({ base64: PNG.toString('base64') })],
    ['JSON with a data URL', () => json({ base64: `data:image/png;base64,${PNG.toString('base64')}` })],
    ['a raw octet-stream body', () => [PNG, { 'content-type': 'application/octet-stream' }]],
    [
      'JSON with a url',
      () => json({ url: `http://127.0.0.1:${(allowed.address() as AddressInfo).port}/dot` }),
    ],
  ];

  it.each(forms)('%s answers {url, mimeType} and the file comes back byte for byte', async (_name, form) => {
    const [body, headers] = form();
    for (const path of ['/_create/api/upload/', '/v0/upload/']) {
      const res = await send(appHost, 'POST', path, body, headers);
      expect(res.status, res.body.toString()).toBe(200);
      const { url, mimeType } = res.json() as { url: string; mimeType: string };
      expect(mimeType).toBe('image/png');
      const file = await fetchFile(url);
      expect(file.status).toBe(200);
      expect(file.body.equals(PNG)).toBe(true);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toMatch(/sandbox/);
    }
  });

  it('takes the type from the bytes, not the name or the claimed type', async () => {
    const [body, headers] = multipart(PNG, 'page.html', 'text/html');
    const res = await send(appHost, 'POST', '/_create/api/upload/', body, headers);
    expect(res.json().mimeType).toBe('image/png');
  });

  it('serves SVG sandboxed and HTML as a download, so neither can script any origin', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const up = await send(appHost, 'POST', '/_create/api/upload/', svg, {
      'content-type': 'application/octet-stream',
    });
    expect(up.json().mimeType).toBe('image/svg+xml');
    const served = await fetchFile(String(up.json().url));
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    const html = Buffer.from('<!doctype html><script>document.cookie</script>');
    const h = await send(
      appHost,
      'POST',
      '/_create/api/upload/',
      ...json({ base64: html.toString('base64') }),
    );
    expect(h.json().mimeType).toBe('text/html');
    const page = await fetchFile(String(h.json().url));
    expect(page.headers['content-disposition']).toBe('attachment');
    expect(page.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers 413 with a message while a raw body streams past the plan limit', async () => {
    const res = await send(appHost, 'POST', '/_create/api/upload/', Buffer.alloc(3 * LIMIT, 1), {
      'content-type': 'application/octet-stream',
    });
    expect(res.status).toBe(413);
    expect(res.json().error).toBe("The file is larger than this app's upload limit of 1 MiB.");
  });

  type Form = () => readonly [Buffer | string, Record<string, string>];
  it.each<[string, Form]>([
    ['multipart', () => multipart(Buffer.alloc(LIMIT + 1, 1), 'big.png', 'image/png')],
    ['base64', () => json({ base64: Buffer.alloc(LIMIT + 1, 1).toString('base64') })],
    ['url', () => json({ url: `http://127.0.0.1:${(allowed.address() as AddressInfo).port}/big` })],
  ])('answers 413 for a %s upload one byte over the limit', async (_name, form) => {
    const res = await send(appHost, 'POST', '/v0/upload/', ...form());
    expect(res.status).toBe(413);
    expect(String(res.json().error)).toMatch(/upload limit of 1 MiB/);
  });

  it('refuses a URL inside the machine, directly or after a redirect, and fetches nothing', async () => {
    const inside = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/secret`;
    const direct = await send(appHost, 'POST', '/_create/api/upload/', ...json({ url: inside }));
    expect(direct.status).toBe(403);
    expect(direct.json().error).toMatch(/egress guard: 127\.0\.0\.1 is a loopback address/);
    const redirected = await send(
      appHost,
      'POST',
      '/_create/api/upload/',
      ...json({ url: `http://127.0.0.1:${(allowed.address() as AddressInfo).port}/to-inside` }),
    );
    expect(redirected.status).toBe(403);
    expect(redirected.json().url).toBeUndefined();
    const metadata = await send(
      appHost,
      'POST',
      '/_create/api/upload/',
      ...json({ url: 'http://169.254.169.254/' }),
    );
    expect(metadata.json().error).toMatch(/link-local or cloud metadata/);
  });

  it('answers {error} for bad input, never a thrown page', async () => {
    const empty = await send(appHost, 'POST', '/_create/api/upload/', Buffer.alloc(0), {
      'content-type': 'application/octet-stream',
    });
    expect(empty.status).toBe(400);
    expect(empty.json().error).toMatch(/The upload is empty/);
    const noFile = await send(appHost, 'POST', '/_create/api/upload/', ...json({ name: 'x' }));
    expect(noFile.json().error).toMatch(/Send JSON with a url or base64 field/);
    const notBase64 = await send(appHost, 'POST', '/_create/api/upload/', ...json({ base64: '%%%' }));
    expect(notBase64.json().error).toBe('The base64 field is not valid base64 text.');
    const nowhere = await send('no-such-app.apps.localhost', 'POST', '/_create/api/upload/', PNG, {
      'content-type': 'application/octet-stream',
    });
    expect(nowhere.status).toBe(404);
    expect(nowhere.json().error).toBe('No app is published at this address.');
    const missing = await send(filesHost, 'GET', '/00000000-0000-4000-8000-000000000000/');
    expect(missing.status).toBe(404);
  });

  it('works on the preview origin too, so uploads work while the app is being built', async () => {
    const res = await send(`${projectId}.preview.localhost`, 'POST', '/_create/api/upload/', PNG, {
      'content-type': 'application/octet-stream',
    });
    expect(res.status).toBe(200);
    expect((await fetchFile(String(res.json().url))).body.equals(PNG)).toBe(true);
  });
});

describe('presign', () => {
  it('hands out a time-limited signature that uploads straight to the files origin', async () => {
    const pre = await send(appHost, 'POST', '/_create/api/upload/presign/');
    expect(pre.status).toBe(200);
    const { secureSignature, secureExpire, uploadUrl, userContentBase } = pre.json() as Record<
      string,
      string
    >;
    expect(Number(secureExpire) * 1000).toBeGreaterThan(Date.now());
    const [body, headers] = multipart(PNG, 'asset.png', 'image/png', {
      signature: String(secureSignature),
      expire: String(secureExpire),
    });
    const target = new URL(String(uploadUrl));
    const up = await send(target.hostname, 'POST', target.pathname, body, headers);
    expect(up.status, up.body.toString()).toBe(200);
    const { file, mimeType } = up.json() as { file: string; mimeType: string };
    expect(mimeType).toBe('image/png');
    // The link is the user-content base and the uuid (spec §7).
    expect((await fetchFile(`${userContentBase}${file}/`)).body.equals(PNG)).toBe(true);
  });

  it('refuses a forged signature', async () => {
    const pre = (await send(appHost, 'POST', '/v0/upload/presign/')).json() as Record<string, string>;
    const forged = String(pre.secureSignature).replace(/.$/, (ch) => (ch === '0' ? '1' : '0'));
    const [body, headers] = multipart(PNG, 'a.png', 'image/png', {
      signature: forged,
      expire: String(pre.secureExpire),
    });
    const up = await send(filesHost, 'POST', '/base/', body, headers);
    expect(up.status).toBe(401);
    expect(up.json().error).toBe(PRESIGN_MESSAGES.invalid);
  });
});

describe('public sheets', () => {
  it("stores a submission as a row of the app's database and hands the sheet out as CSV", async () => {
    const res = await send(
      appHost,
      'POST',
      '/api/public-sheet',
      ...json({ sheetId: 'signups', formData: { name: 'Ann', topics: ['a', 'b'], note: '=HYPERLINK("x")' } }),
    );
    expect(res.status, res.body.toString()).toBe(200);
    const { data } = await owner.gql(
      `query($id: ID!) { project(id: $id) { database { tables(branch: "main") { name rowCount } } } }`,
      { id: projectId },
    );
    const table = data.project.database.tables.find((x: { name: string }) => x.name === 'public_sheet_rows');
    expect(table.rowCount).toBe(1);
    const csv = await owner.gql(`query($id: ID!) { publicSheetCsv(projectId: $id, sheetId: "signups") }`, {
      id: projectId,
    });
    const [header, row] = String(csv.data.publicSheetCsv).split('\r\n');
    expect(header).toBe('submitted_at,sheet_id,name,topics,note');
    expect(row).toMatch(/^\d{4}-\d\d-\d\dT[^,]+,signups,Ann,"a,b","'=HYPERLINK\(""x""\)"$/);
  });

  it("in the preview, stores the builder user's test submission on the development branch", async () => {
    const { data } = await owner.gql(
      `query($id: ID!) { project(id: $id) { sandboxToken latestRevision { id } } }`,
      { id: projectId },
    );
    const path = `/sandbox/api/${data.project.latestRevision.id}/public-sheet`;
    const body = json({ sheetId: 'signups', formData: { name: 'Preview Pat' } });
    const anonymous = await send(`${projectId}.preview.localhost`, 'POST', path, ...body);
    expect(anonymous.status).toBe(401);
    const res = await send(`${projectId}.preview.localhost`, 'POST', path, body[0], {
      ...body[1],
      'x-kiln-sandbox-token': data.project.sandboxToken,
    });
    expect(res.status, res.body.toString()).toBe(200);
    const csv = await owner.gql(`query($id: ID!) { publicSheetCsv(projectId: $id, branch: "development") }`, {
      id: projectId,
    });
    expect(csv.data.publicSheetCsv).toContain('Preview Pat');
    const published = await owner.gql(`query($id: ID!) { publicSheetCsv(projectId: $id) }`, {
      id: projectId,
    });
    expect(published.data.publicSheetCsv).not.toContain('Preview Pat');
  });

  it('refuses a body that is not {formData, sheetId} with a sentence', async () => {
    const res = await send(
      appHost,
      'POST',
      '/api/public-sheet',
      ...json({ formData: { a: { nested: 1 } }, sheetId: 's' }),
    );
    expect(res.status).toBe(400);
    expect((res.json().error as { message: string }).message).toMatch(/The field "a" must be text/);
  });

  it('is for the project members only as CSV', async () => {
    const { client: stranger } = await signUp(t, 'stranger@example.com');
    const csv = await stranger.gql(`query($id: ID!) { publicSheetCsv(projectId: $id) }`, { id: projectId });
    expect(csv.errors?.[0]?.message).toBe('Project not found.');
  });

  it('limits submissions per visitor', async () => {
    let last: Raw | undefined;
    for (let i = 0; i < 30; i++) {
      last = await send(appHost, 'POST', '/api/public-sheet', ...json({ sheetId: 'flood', formData: { i } }));
      if (last.status === 429) break;
    }
    if (!last) throw new Error('nothing was sent');
    expect(last.status).toBe(429);
    expect((last.json().error as { message: string }).message).toMatch(/Too many form submissions/);
  });
});
