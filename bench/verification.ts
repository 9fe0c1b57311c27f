/**
 * @module
 * Verification after every generation (issue 22): what it adds to a typical builtin generation. Goal: ≤ 3 s.
 *
 * Two Kiln processes in the same run, side by side: one with `KILN_VERIFY=off` (the anchor) and one with it on
 * (the default), each with a warm render-check browser (one generation first, not counted). Then `RUNS` first
 * generations of the same prompt each, alternating between the two (a todo list: a page with a form and filter
 * buttons, components, a function and a table), timed from `createProject` to the revision being finished
 * (VALID), polled every 25 ms. Printed: the medians, their difference and ratio, and the verification's own
 * duration as the report states it (CSS and walk).
 *
 *   node --import tsx bench/verification.ts
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type KilnProcess, startKilnProcess } from '../e2e/harness.ts';

const RUNS = 6;
const PROMPT = 'a todo list with due dates';
const GOAL_MS = 3000;
const BUILDING = new Set(['QUEUED', 'ENHANCING_PROMPT', 'BUILDING', 'BUILDING_UI', 'BUILDING_FUNCTIONALITY']);

async function gql(kiln: KilnProcess, cookie: string, query: string, variables = {}) {
  const res = await fetch(`${kiln.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads GraphQL answers loosely, as JSON.
  const json = (await res.json()) as any;
  if (json.errors) throw new Error(`GraphQL: ${JSON.stringify(json.errors).slice(0, 500)}`);
  return { cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? cookie, json };
}

/** One first generation: ms from createProject to a finished revision, and the report's own duration. */
async function generation(
  kiln: KilnProcess,
  cookie: string,
): Promise<{ ms: number; verifyMs: number | null }> {
  const started = performance.now();
  const created = await gql(kiln, cookie, `mutation($p: String!) { createProject(prompt: $p) { id } }`, {
    p: PROMPT,
  });
  const id = created.json.data.createProject.id as string;
  for (;;) {
    const { json } = await gql(
      kiln,
      cookie,
      `query($id: ID!) { project(id: $id) { latestRevision { status verification { status durationMs } } } }`,
      { id },
    );
    const rev = json.data.project.latestRevision;
    if (!BUILDING.has(rev.status)) {
      const ms = performance.now() - started;
      if (rev.status !== 'VALID') throw new Error(`generation ended ${rev.status}`);
      if (rev.verification && rev.verification.status !== 'PASSED')
        throw new Error(`verification ${rev.verification.status}`);
      return { ms, verifyMs: rev.verification?.durationMs ?? null };
    }
    await sleep(25);
  }
}

/** A Kiln process with verification on or off, signed up and warmed by one generation (not counted). */
async function started(verify: 'on' | 'off'): Promise<{ kiln: KilnProcess; cookie: string }> {
  const kiln = await startKilnProcess({
    env: { KILN_BUILTIN_DELAY_MS: '0', NODE_ENV: 'production', KILN_VERIFY: verify },
  });
  try {
    const { cookie } = await gql(
      kiln,
      '',
      `mutation { signUp(email: "bench-${verify}@example.com", password: "long enough") { id } }`,
    );
    await generation(kiln, cookie); // warm: browser started, runtime loaded, caches filled
    return { kiln, cookie };
  } catch (err) {
    await kiln.stop(); // a failed start leaves no server behind
    throw err;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};

// Both processes run side by side and their generations alternate, so a busy moment on this shared machine
// weighs on both series alike (one series after the other measured the load, not verification).
const off = await started('off');
const on = await started('on').catch(async (err: unknown) => {
  await off.kiln.stop();
  throw err;
});
const offMs: number[] = [];
const onMs: number[] = [];
const verifyMs: number[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const a = await generation(off.kiln, off.cookie);
    const b = await generation(on.kiln, on.cookie);
    offMs.push(a.ms);
    onMs.push(b.ms);
    if (b.verifyMs !== null) verifyMs.push(b.verifyMs);
    console.log(
      `  run ${i + 1}: off ${Math.round(a.ms)} ms, on ${Math.round(b.ms)} ms (verification ${b.verifyMs ?? '-'} ms)`,
    );
  }
} finally {
  await Promise.all([off.kiln.stop(), on.kiln.stop()]);
}
const added = median(onMs) - median(offMs);
const fmt = (ms: number) => `${Math.round(ms)} ms`;
console.log(`typical builtin generation ("${PROMPT}"), ${RUNS} runs each, medians:`);
console.log(`  without verification  ${fmt(median(offMs))}  (${offMs.map(fmt).join(', ')})  anchor`);
console.log(`  with verification     ${fmt(median(onMs))}  (${onMs.map(fmt).join(', ')})`);
console.log(`  verification itself   ${fmt(median(verifyMs))}  (as its reports state)`);
console.log(`  ratio with/without    ${(median(onMs) / median(offMs)).toFixed(2)}`);
console.log(
  `  added                 ${fmt(added)}  goal ≤ ${fmt(GOAL_MS)}: ${added <= GOAL_MS ? 'met' : 'NOT met'}`,
);
