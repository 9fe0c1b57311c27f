/**
 * Benchmark (issue 14): a visitor's e-mail + password sign-in on a published app
 * (`POST /api/auth/callback/credentials-signin`, Auth.js, argon2id, a database session in the app's own
 * PGlite), p50/p99 over sequential requests; the anchor is the builder's own sign-in (GraphQL `signIn`, argon2id,
 * a session in the platform database) on the same server. Kiln runs as its own process, as `npm start` runs it,
 * with the builtin generator building "a notes app with login".
 */
import { request } from 'node:http';
import { startKilnProcess } from '../e2e/harness';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 100);
const PASSWORD = 'visitor password 1';

interface Answer {
  status: number;
  cookies: string[];
  text: string;
}

/** One HTTP request to the Kiln process with any Host header. */
function send(
  port: number,
  host: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: { host: `${host}:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? ''),
            text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const kiln = await startKilnProcess({ env: { KILN_BUILTIN_DELAY_MS: '0', KILN_SIGNUP_LIMIT: '0' } });
try {
  const port = kiln.port;
  let builderCookie = '';
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await send(port, 'localhost', 'POST', '/graphql', JSON.stringify({ query, variables }), {
      'content-type': 'application/json',
      ...(builderCookie ? { cookie: builderCookie } : {}),
    });
    if (res.cookies[0]) builderCookie = res.cookies[0];
    // biome-ignore lint/suspicious/noExplicitAny: a bench reads GraphQL answers loosely.
    return JSON.parse(res.text) as { data: any; errors?: { message: string }[] };
  };
  await gql(`mutation { signUp(email: "maker@example.com", password: "${PASSWORD}") { id } }`);
  const project = (await gql(`mutation { createProject(prompt: "a notes app with login") { id } }`)).data
    .createProject.id as string;
  for (;;) {
    const { data } = await gql(`query($id: ID!) { project(id: $id) { latestRevision { status } } }`, {
      id: project,
    });
    const status = data.project.latestRevision.status as string;
    if (status === 'VALID') break;
    if (!['QUEUED', 'ENHANCING_PROMPT', 'BUILDING', 'BUILDING_UI', 'BUILDING_FUNCTIONALITY'].includes(status))
      throw new Error(`The app did not build: ${status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const url = (await gql(`mutation($id: ID!) { publishProject(projectId: $id) { url } }`, { id: project }))
    .data.publishProject.url as string;
  const host = new URL(url).hostname;

  // One visitor account, then sign-ins as a browser does them: a CSRF token (and its cookie), then the form.
  const form = (csrfToken: string) =>
    new URLSearchParams({
      email: 'visitor@example.com',
      password: PASSWORD,
      csrfToken,
      callbackUrl: '/',
    }).toString();
  const csrf = async () => {
    const res = await send(port, host, 'GET', '/api/auth/csrf');
    return {
      token: (JSON.parse(res.text) as { csrfToken: string }).csrfToken,
      cookie: res.cookies.join('; '),
    };
  };
  const formHeaders = (cookie: string) => ({
    'content-type': 'application/x-www-form-urlencoded',
    'x-auth-return-redirect': '1',
    cookie,
  });
  const first = await csrf();
  const signUp = await send(
    port,
    host,
    'POST',
    '/api/auth/callback/credentials-signup',
    form(first.token),
    formHeaders(first.cookie),
  );
  if (!signUp.cookies.some((c) => c.startsWith('authjs.session-token=')))
    throw new Error(`Sign-up failed: ${signUp.text}`);

  const visitor: number[] = [];
  const builder: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const { token, cookie } = await csrf();
    let t0 = performance.now();
    const res = await send(
      port,
      host,
      'POST',
      '/api/auth/callback/credentials-signin',
      form(token),
      formHeaders(cookie),
    );
    visitor.push(performance.now() - t0);
    if (!res.cookies.some((c) => c.startsWith('authjs.session-token=') && c.length > 25))
      throw new Error(`Sign-in ${i} failed: ${res.status} ${res.text}`);
    builderCookie = '';
    t0 = performance.now();
    const anchor = await gql(
      `mutation { signIn(email: "maker@example.com", password: "${PASSWORD}") { id } }`,
    );
    builder.push(performance.now() - t0);
    if (anchor.errors) throw new Error(`Builder sign-in failed: ${anchor.errors[0]?.message}`);
  }
  const v = summary(visitor);
  const b = summary(builder);
  console.log(
    `visitor sign-in on a published app, ${SIGN_INS} sequential requests (Auth.js, argon2id, app PGlite):`,
  );
  console.log(`  visitor p50 ${v.p50.toFixed(1)} ms, p99 ${v.p99.toFixed(1)} ms`);
  console.log(`  anchor (builder GraphQL signIn) p50 ${b.p50.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms`);
  console.log(
    `  ratio visitor/builder: p50 ${(v.p50 / b.p50).toFixed(2)}×, p99 ${(v.p99 / b.p99).toFixed(2)}×`,
  );
} finally {
  await kiln.stop();
}
