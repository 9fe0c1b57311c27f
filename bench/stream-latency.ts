/**
 * Benchmark (issue 5): 50 concurrent generations against a model streaming 100 tokens/s each (OpenAI wire
 * format, over real HTTP). For every token group the model sends, the time until a builder-like client sees
 * that text (in the room's drafts event), p50/p99; and Kiln's memory (RSS of its process).
 * Kiln runs as its own process, as `npm start` runs it; the model and the 50 clients run in this one.
 */

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { decode, encode } from 'gpt-tokenizer';
import WebSocket from 'ws';
import { startKilnProcess } from '../e2e/harness';

const GENERATIONS = Number(process.env.BENCH_GENERATIONS ?? 50);
const TOKENS_PER_SECOND = 100;
const TOKENS_PER_CHUNK = 5;
const CHUNK_MS = (1000 * TOKENS_PER_CHUNK) / TOKENS_PER_SECOND;
const MARKERS = 80;

// A reply whose page carries numbered markers, so a reader can tell which part of the stream it has seen.
const lines = Array.from(
  { length: MARKERS },
  (_, i) => `      <li>item m${String(i).padStart(4, '0')}x</li>`,
);
const reply = `Here it is.\n<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">\nexport default function Page() {\n  return (\n    <ul>\n${lines.join('\n')}\n    </ul>\n  );\n}\n</kiln:file>\nDone.`;
const tokens = encode(reply);
const chunks: string[] = [];
for (let i = 0; i < tokens.length; i += TOKENS_PER_CHUNK)
  chunks.push(decode(tokens.slice(i, i + TOKENS_PER_CHUNK)));

const sentAt = new Map<string, number>(); // `${generation}:${marker}` → ms
const now = () => performance.timeOrigin + performance.now();

const model = createServer((req, res) => {
  let body = '';
  req.on('data', (d) => {
    body += d;
  });
  req.on('end', async () => {
    if (req.url?.endsWith('/models')) {
      res.end(JSON.stringify({ data: [] }));
      return;
    }
    const prompt = JSON.stringify(JSON.parse(body).messages);
    const gen = /bench-(\d+)/.exec(prompt)?.[1] ?? '?';
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let text = '';
    for (const chunk of chunks) {
      await new Promise((r) => setTimeout(r, CHUNK_MS));
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: chunk } }] })}\n\n`);
      const before = text;
      text += chunk;
      for (const m of text.matchAll(/m(\d{4})x/g))
        if (m.index! + m[0].length > before.length) sentAt.set(`${gen}:${m[1]}`, now());
    }
    res.write(
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 100, completion_tokens: tokens.length } })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  });
});
await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
const modelUrl = `http://127.0.0.1:${(model.address() as { port: number }).port}/v1`;

const kiln = await startKilnProcess({
  env: {
    KILN_MODEL: 'openai-compatible:bench',
    KILN_MODEL_BASE_URL: modelUrl,
    KILN_MODEL_API_KEY: 'bench',
    KILN_WORKERS: String(GENERATIONS),
    KILN_SIGNUP_LIMIT: '0', // the bench signs up GENERATIONS people from this machine
    // BENCH_DATABASE_URL=postgres://… runs the same on PostgreSQL (default: embedded PGlite).
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
});
const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${kiln.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function gql(cookie: string, query: string, variables: object = {}) {
  const res = await fetch(`${kiln.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads GraphQL answers loosely, as JSON.
  return { res, json: (await res.json()) as { data: any } };
}

// 50 people, each in their own organisation (each plan's credits pay for one generation).
const people = await Promise.all(
  Array.from({ length: GENERATIONS }, async (_, i) => {
    const { res } = await gql(
      '',
      `mutation { signUp(email: "b${i}@example.com", password: "long enough") { id } }`,
    );
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }),
);
const idleRss = rss();
let peakRss = idleRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, rss());
}, 100);

const seenLatency: number[] = [];
const done = await Promise.all(
  people.map(async (cookie, i) => {
    const { json } = await gql(
      cookie,
      `mutation($p: String!) { createProject(prompt: $p) { id organizationId } }`,
      {
        p: `A page listing items bench-${i}`,
      },
    );
    const { id, organizationId } = json.data.createProject;
    const seen = new Set<string>();
    let finished = false;
    // What the builder does: drafts arrive in the room event itself; a finished revision ends the stream.
    const onMessage = (data: WebSocket.RawData) => {
      const t = now();
      const msg = JSON.parse(String(data));
      if (msg.type !== 'event') return;
      const ev = msg.event;
      if (
        ev.type === 'project-changed' &&
        ['VALID', 'INVALID_CODE', 'GENERATION_FAILED'].includes(ev.revision?.status)
      ) {
        finished = true;
      }
      if (ev.type !== 'drafts') return;
      for (const mod of ev.modules) {
        for (const m of String(mod.content ?? '').matchAll(/m(\d{4})x/g)) {
          const key = `${i}:${m[1]}`;
          if (!seen.has(key) && sentAt.has(key)) {
            seen.add(key);
            seenLatency.push(t - sentAt.get(key)!);
          }
        }
      }
    };
    const ws = new WebSocket(`${kiln.url.replace('http', 'ws')}/rooms`, {
      headers: { origin: kiln.url, cookie },
    });
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'join', roomId: `app-builder:${organizationId}:${id}` }));
    ws.on('message', onMessage);
    const end = Date.now() + 60_000;
    while (!finished && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    ws.close();
    return seen.size;
  }),
);
clearInterval(sampler);

seenLatency.sort((a, b) => a - b);
const pct = (p: number) =>
  seenLatency[Math.min(seenLatency.length - 1, Math.floor((p / 100) * seenLatency.length))]!;
console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
console.log(
  `${GENERATIONS} concurrent generations at ${TOKENS_PER_SECOND} tokens/s (${tokens.length} tokens each)`,
);
console.log(`markers seen: ${done.reduce((a, b) => a + b, 0)} of ${GENERATIONS * MARKERS}`);
console.log(
  `latency model → builder: p50 ${pct(50).toFixed(0)} ms, p90 ${pct(90).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms`,
);
console.log(`Kiln RSS: idle ${idleRss.toFixed(0)} MiB, peak ${peakRss.toFixed(0)} MiB`);
await kiln.stop();
model.close();
