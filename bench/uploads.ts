/**
 * @module
 * Upload throughput on a published app (issue 14): raw `application/octet-stream` uploads of 1 MB and 10 MB to
 * `/_create/api/upload/` on the app's origin (received with the streaming limit, type sniffed, stored), on the
 * local folder and on S3 (s3rver on loopback), one at a time. The anchor is the same bytes POSTed to a bare Node
 * HTTP server that only reads the body: the ratio says what receiving, sniffing and storing cost over the
 * transport itself.
 *
 *   node --import tsx bench/uploads.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { loadConfig } from '../packages/server/src/config.ts';
import { startKiln } from '../packages/server/src/kiln.ts';

const SIZES = [
  { label: '1 MB', bytes: 1_000_000, runs: 20 },
  { label: '10 MB', bytes: 10_000_000, runs: 6 },
];

function post(port: number, host: string, path: string, body: Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { host, 'content-length': String(body.length), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

type Figure = { label: string; ms: number; mbps: number };

/**
 * Median milliseconds per upload and MB/s for each size, for the anchor and the target taken in turns (one
 * anchor upload, one target upload, …), so load on a shared machine falls on both alike.
 */
async function measure(anchor: (body: Buffer) => Promise<void>, target: (body: Buffer) => Promise<void>) {
  const out: { anchor: Figure; target: Figure }[] = [];
  for (const { label, bytes, runs } of SIZES) {
    // A JPEG signature, then filler: something the sniffer recognises, the size of a real photo.
    const body = Buffer.alloc(bytes, 0x5a);
    body.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    await anchor(body); // warm-up
    await target(body);
    const a: number[] = [];
    const t: number[] = [];
    for (let i = 0; i < runs; i++) {
      let t0 = performance.now();
      await anchor(body);
      a.push(performance.now() - t0);
      t0 = performance.now();
      await target(body);
      t.push(performance.now() - t0);
    }
    const fig = (ms: number): Figure => ({ label, ms, mbps: bytes / 1e6 / (ms / 1000) });
    out.push({ anchor: fig(median(a)), target: fig(median(t)) });
  }
  return out;
}

/** A Kiln with a published one-page app; answers how to upload to it and how to stop. */
async function publishedKiln(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiln-upload-bench-'));
  const kiln = await startKiln(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      KILN_DATA_DIR: dataDir,
      KILN_BUILTIN_DELAY_MS: '0',
      KILN_SIGNUP_LIMIT: '0',
      NODE_ENV: 'production',
      ...env,
    }),
    { log: () => {} },
  );
  let cookie = '';
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await post(
      kiln.port,
      `localhost:${kiln.port}`,
      '/graphql',
      Buffer.from(JSON.stringify({ query, variables })),
      {
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
    );
    const out = JSON.parse(res.text) as { data: Record<string, Record<string, unknown>>; errors?: unknown };
    if (out.errors) throw new Error(`GraphQL: ${JSON.stringify(out.errors)}`);
    return out;
  };
  // The session cookie comes back on sign-up; read it with a raw request.
  await new Promise<void>((resolve, reject) => {
    const body = JSON.stringify({
      query: 'mutation { signUp(email: "bench@example.com", password: "long enough") { id } }',
    });
    const req = request(
      {
        host: '127.0.0.1',
        port: kiln.port,
        method: 'POST',
        path: '/graphql',
        headers: { host: `localhost:${kiln.port}`, 'content-type': 'application/json' },
      },
      (res) => {
        cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
        res.resume();
        res.on('end', () => resolve());
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  const id = (await gql('mutation { createProject(prompt: "a notes app") { id } }')).data.createProject!.id;
  for (;;) {
    const s = await gql('query($id: ID!) { project(id: $id) { latestRevision { status } } }', { id });
    const status = (s.data.project!.latestRevision as { status: string }).status;
    if (status === 'VALID') break;
    if (/INVALID|FAILED/.test(status)) throw new Error(`generation ended ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = (await gql('mutation($id: ID!) { publishProject(projectId: $id) { url } }', { id })).data
    .publishProject!.url as string;
  const host = new URL(url).host;
  return {
    async upload(body: Buffer) {
      const res = await post(kiln.port, host, '/_create/api/upload/', body, {
        'content-type': 'application/octet-stream',
      });
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text}`);
    },
    async stop() {
      await kiln.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// The anchor: a bare HTTP server that reads the body and answers.
const sink = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.end('{}'));
}).listen(0, '127.0.0.1');
await new Promise((r) => sink.once('listening', r));
const sinkPort = (sink.address() as AddressInfo).port;
const toSink = async (body: Buffer) => {
  await post(sinkPort, 'sink', '/', body);
};

const s3Dir = mkdtempSync(join(tmpdir(), 'kiln-upload-bench-s3-'));
const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
const { port: s3Port } = await s3.run();

const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
for (const [name, env] of [
  ['local folder', {}],
  ['S3 (s3rver)', { S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${s3Port}/kiln-bench` }],
] as const) {
  const k = await publishedKiln(env);
  try {
    results[name] = await measure(toSink, (body) => k.upload(body));
  } finally {
    await k.stop();
  }
}
await s3.close();
sink.close();
rmSync(s3Dir, { recursive: true, force: true });

console.log(
  'raw uploads to /_create/api/upload/ on a published app, one at a time (median; anchor: the same',
);
console.log('bytes to a bare Node HTTP server that only reads them, taken in turns with each upload):');
for (const [name, r] of Object.entries(results)) {
  for (const { anchor, target } of r) {
    console.log(
      `  ${name}, ${target.label}: ${target.ms.toFixed(1)} ms, ${target.mbps.toFixed(0)} MB/s; anchor ${anchor.ms.toFixed(1)} ms, ${anchor.mbps.toFixed(0)} MB/s — ${(anchor.ms / target.ms).toFixed(2)}× the anchor's throughput`,
    );
  }
}
