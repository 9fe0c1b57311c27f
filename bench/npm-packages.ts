/**
 * @module
 * npm packages outside the catalogue (issue 16), against the registry this machine's npm is configured for
 * (or KILN_NPM_REGISTRY): for ten popular packages models import, the first use (resolve + download + bundle,
 * empty cache), the cached import a pinned revision gets (no network), and a component using each rendered
 * through the real runtime in headless Chromium (`renderCheck`) — then again with the registry unreachable.
 * Goals: first use ≤ 3 s median, cached ≤ 50 ms.
 *
 *   node --import tsx bench/npm-packages.ts
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeHeadless, renderCheck } from '../packages/preview/src/node/headless.ts';
import { PackageResolver } from '../packages/server/src/packages/resolver.ts';
import { ensureRuntimeBuilt, summary } from './preview-harness.ts';

/** Ten popular packages outside the catalogue, each with a component that uses it the way models write it. */
export const POPULAR: { source: string; page: string }[] = [
  {
    source: 'lodash',
    page: `import _ from 'lodash';\nimport { debounce } from 'lodash';\nexport default function P() { const f = debounce(() => {}, 10); f(); return <p>{_.chunk([1,2,3,4], 2).length} {_.capitalize('kiln')}</p>; }`,
  },
  {
    source: 'dayjs',
    page: `import dayjs from 'dayjs';\nexport default function P() { return <p>{dayjs('2026-01-05').add(1, 'day').format('YYYY-MM-DD')}</p>; }`,
  },
  {
    source: 'uuid',
    page: `import { v4 as uuidv4 } from 'uuid';\nexport default function P() { return <p>{uuidv4().length}</p>; }`,
  },
  {
    source: 'axios',
    page: `import axios from 'axios';\nexport default function P() { return <p>{typeof axios.get}</p>; }`,
  },
  {
    source: 'react-hot-toast',
    page: `import toast, { Toaster } from 'react-hot-toast';\nexport default function P() { return <div><Toaster /><button onClick={() => toast('Saved')}>Save</button></div>; }`,
  },
  {
    source: 'react-icons/fa',
    page: `import { FaGithub, FaHeart } from 'react-icons/fa';\nexport default function P() { return <p><FaGithub /> <FaHeart color="red" /></p>; }`,
  },
  {
    source: 'canvas-confetti',
    page: `import confetti from 'canvas-confetti';\nexport default function P() { return <button onClick={() => confetti()}>{typeof confetti}</button>; }`,
  },
  {
    source: 'react-router-dom',
    page: `import { MemoryRouter, Routes, Route, Link, useLocation } from 'react-router-dom';\nfunction Where() { return <span>{useLocation().pathname}</span>; }\nexport default function P() { return <MemoryRouter><Link to="/a">A</Link><Routes><Route path="*" element={<Where />} /></Routes></MemoryRouter>; }`,
  },
  {
    source: 'zod',
    page: `import { z } from 'zod';\nconst S = z.object({ name: z.string().min(2) });\nexport default function P() { return <p>{String(S.safeParse({ name: 'Kiln' }).success)}</p>; }`,
  },
  {
    source: 'react-markdown',
    page: `import ReactMarkdown from 'react-markdown';\nexport default function P() { return <ReactMarkdown>{'# Hello **Kiln**'}</ReactMarkdown>; }`,
  },
];

const data = mkdtempSync(join(tmpdir(), 'kiln-npm-bench-'));
const registry = process.env.KILN_NPM_REGISTRY;
await ensureRuntimeBuilt();
try {
  const resolver = new PackageResolver({ dataDir: data, registry });
  const first: number[] = [];
  const cached: number[] = [];
  const pins = new Map<string, { version: string; integrity: string }>();
  console.log('first use (resolve + download + bundle, empty cache):');
  for (const { source } of POPULAR) {
    const t0 = performance.now();
    const r = await resolver.resolve(source);
    const ms = performance.now() - t0;
    first.push(ms);
    pins.set(source, { version: r.version, integrity: r.integrity });
    const size = statSync(resolver.bundleFile(r.bundle) ?? '').size;
    console.log(`  ${source}@${r.version}: ${Math.round(ms)} ms, bundle ${(size / 1024).toFixed(1)} KiB`);
  }
  // A new process's resolver over the same cache, as a revision's lock asks (exact version pinned).
  const warm = new PackageResolver({ dataDir: data, registry });
  for (const { source } of POPULAR) {
    const t0 = performance.now();
    await warm.resolve(source, pins.get(source));
    cached.push(performance.now() - t0);
  }
  const f = summary(first);
  const c = summary(cached);
  console.log(`first use: median ${f.median} ms, p90 ${f.p90} ms (goal ≤ 3000 ms)`);
  console.log(`cached (pinned) import: median ${c.median} ms, p90 ${c.p90} ms (goal ≤ 50 ms)`);

  const render = async (label: string, r: PackageResolver) => {
    let ok = 0;
    for (const { source, page } of POPULAR) {
      const result = await renderCheck({
        source: page,
        filePath: 'apps/web/src/app/page.tsx',
        packages: {
          resolve: (s) => r.resolve(s, s === source ? pins.get(s) : undefined),
          bundleFile: (h) => r.bundleFile(h),
        },
      });
      if (result.ok) ok++;
      else console.log(`  ${label} FAILED ${source}: ${result.error}`);
    }
    console.log(`${label}: ${ok}/${POPULAR.length} render in headless Chromium`);
  };
  await render('online', warm);
  // Unreachable registry (nothing listens on port 9): pinned imports come from the cache.
  await render('offline', new PackageResolver({ dataDir: data, registry: 'http://127.0.0.1:9/' }));
} finally {
  await closeHeadless();
  rmSync(data, { recursive: true, force: true });
}
