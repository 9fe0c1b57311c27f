/** The security scan, table by table: each case a revision's state and the findings a user would see. */
import { describe, expect, it } from 'vitest';
import { importedPackage, type SecurityScanInput, scanForSecurityProblems } from './scan';

const PAGE = 'apps/web/src/app/page.tsx';
const FN = 'apps/web/src/app/api/todos/route.ts';
const page = (content: string) => ({ filePath: PAGE, moduleType: 'PAGE', content });
const fn = (content: string, filePath = FN) => ({ filePath, moduleType: 'FUNCTION', content });
const none: SecurityScanInput = { modules: [], publicTables: [], secretNames: [], packages: [] };
/** A live-looking Stripe key built at run time, so no scanner flags this file. */
const STRIPE_LIVE = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');
const OPENAI = ['sk', 'proj-abcdefghijklmnopqrstuvwxyz012345'].join('-');
const AWS = ['AKIA', 'IOSFODNN7EXAMPLE'].join('');

type Row = [name: string, input: Partial<SecurityScanInput>, expected: string[]];

/** Each finding as `SEVERITY KIND path:line`. */
const cases: Row[] = [
  ['nothing to warn about', { modules: [page('export default function P() { return <h1>Hi</h1>; }')] }, []],
  [
    'a public table',
    { publicTables: [{ name: 'posts', columns: ['id', 'title'] }] },
    ['MEDIUM PUBLIC_TABLE -'],
  ],
  [
    'a public table with e-mail addresses',
    { publicTables: [{ name: 'signups', columns: ['id', 'email'] }] },
    ['HIGH PUBLIC_TABLE -'],
  ],
  [
    'a live Stripe key in a page',
    { modules: [page(`const k = '${STRIPE_LIVE}';`)] },
    [`HIGH CLIENT_SECRET ${PAGE}:1`],
  ],
  [
    'an OpenAI key on line 3 of a page',
    {
      modules: [
        page(`export default function P() {\n  // key\n  fetch('x', { headers: { a: '${OPENAI}' } });\n}`),
      ],
    },
    [`HIGH CLIENT_SECRET ${PAGE}:3`],
  ],
  [
    'an AWS key in a function',
    { modules: [fn(`const id = '${AWS}';\nexport function GET() {}`)] },
    [`HIGH CLIENT_SECRET ${FN}:1`],
  ],
  [
    'a private key in a component',
    {
      modules: [
        {
          filePath: 'apps/web/src/components/Keys.tsx',
          moduleType: 'COMPONENT',
          content: 'const pem = `-----BEGIN RSA PRIVATE KEY-----\nabc`;',
        },
      ],
    },
    ['HIGH CLIENT_SECRET apps/web/src/components/Keys.tsx:1'],
  ],
  [
    'a project secret read in a page',
    { modules: [page('const key = process.env.STRIPE_SECRET_KEY;')], secretNames: ['STRIPE_SECRET_KEY'] },
    [`HIGH CLIENT_SECRET ${PAGE}:1`],
  ],
  [
    'a secret-looking env read in a page',
    { modules: [page("const t = process.env['API_TOKEN'];")] },
    [`MEDIUM CLIENT_SECRET ${PAGE}:1`],
  ],
  ['a harmless env read in a page', { modules: [page('const m = process.env.NODE_ENV;')] }, []],
  [
    'a project secret read in a function',
    { modules: [fn('const k = process.env.STRIPE_SECRET_KEY;')], secretNames: ['STRIPE_SECRET_KEY'] },
    [],
  ],
  [
    'a function that deletes without a check, in an app with sign-in',
    {
      modules: [
        {
          filePath: 'apps/web/src/app/account/signin/page.tsx',
          moduleType: 'AUTH_PAGE_SIGN_IN',
          content: '',
        },
        fn(
          "import sql from '@/app/api/utils/sql';\nexport async function DELETE() {\n  await sql`DELETE FROM todos`;\n}",
        ),
      ],
    },
    [`HIGH UNGUARDED_WRITE ${FN}:3`],
  ],
  [
    'a function that inserts without a check, in an app whose page uses useUser',
    {
      modules: [
        page("import useUser from '@/utils/useUser';"),
        fn('export async function POST(r) {\n  await sql`INSERT INTO todos (title) VALUES (1)`;\n}'),
      ],
    },
    [`MEDIUM UNGUARDED_WRITE ${FN}:2`],
  ],
  [
    'a function that drops a table for anyone',
    { modules: [fn('export async function POST() { await sql`DROP TABLE todos`; }')] },
    [`HIGH UNGUARDED_WRITE ${FN}:1`],
  ],
  [
    'a function that deletes without a check, in an app without sign-in (data shared by design)',
    {
      modules: [
        fn(
          "import sql from '@/app/api/utils/sql';\nexport async function DELETE() {\n  await sql`DELETE FROM todos`;\n}",
        ),
      ],
    },
    [`MEDIUM UNGUARDED_WRITE ${FN}:3`],
  ],
  [
    'a function that inserts without a check, in an app without sign-in',
    {
      modules: [fn('export async function POST(r) {\n  await sql`INSERT INTO todos (title) VALUES (1)`;\n}')],
    },
    [`LOW UNGUARDED_WRITE ${FN}:2`],
  ],
  [
    'a function that checks the session before writing',
    {
      modules: [
        fn(
          "import { auth } from '@/auth';\nexport async function POST() {\n  const session = await auth();\n  if (!session) return new Response('no', { status: 401 });\n  await sql`UPDATE todos SET done = true`;\n}",
        ),
      ],
    },
    [],
  ],
  [
    'a function that only reads',
    {
      modules: [fn('export async function GET() { return Response.json(await sql`SELECT * FROM todos`); }')],
    },
    [],
  ],
  ['a page that names DELETE FROM in its text', { modules: [page('<p>DELETE FROM is SQL</p>')] }, []],
  [
    'malware imported',
    { modules: [page("import fs from 'flatmap-stream';")] },
    [`HIGH RISKY_PACKAGE ${PAGE}:1`],
  ],
  [
    'a hijacked version pinned in the lock',
    {
      modules: [page("import UA from 'ua-parser-js';")],
      packages: [{ name: 'ua-parser-js', version: '0.7.29' }],
    },
    [`HIGH RISKY_PACKAGE ${PAGE}:1`],
  ],
  [
    'a safe version pinned in the lock',
    {
      modules: [page("import UA from 'ua-parser-js';")],
      packages: [{ name: 'ua-parser-js', version: '1.0.37' }],
    },
    [],
  ],
  [
    'an old lodash named in the import',
    { modules: [page("import _ from 'lodash@4.17.15';")] },
    [`MEDIUM RISKY_PACKAGE ${PAGE}:1`],
  ],
  ['lodash without a version is not guessed', { modules: [page("import _ from 'lodash';")] }, []],
  [
    'a deprecated package required in a function',
    { modules: [fn("const request = require('request');")] },
    [`LOW RISKY_PACKAGE ${FN}:1`],
  ],
  [
    'most severe first',
    {
      modules: [
        page("import r from 'request';"),
        fn('export async function DELETE() { await sql`DELETE FROM t`; }'),
      ],
      publicTables: [{ name: 'posts' }],
    },
    ['MEDIUM PUBLIC_TABLE -', `MEDIUM UNGUARDED_WRITE ${FN}:1`, `LOW RISKY_PACKAGE ${PAGE}:1`],
  ],
];

describe('scanForSecurityProblems', () => {
  it.each(cases)('%s', (_, input, expected) => {
    const findings = scanForSecurityProblems({ ...none, ...input });
    expect(
      findings.map((f) => `${f.severity} ${f.kind} ${f.filePath ? `${f.filePath}:${f.line}` : '-'}`),
    ).toEqual(expected);
    for (const f of findings) {
      expect(f.message.length).toBeGreaterThan(10);
      expect(f.fix.length).toBeGreaterThan(5);
    }
  });

  it('never repeats a whole key in its message', () => {
    const [finding] = scanForSecurityProblems({ ...none, modules: [page(`const k = '${STRIPE_LIVE}';`)] });
    expect(finding?.message).not.toContain(STRIPE_LIVE);
    expect(finding?.message).toContain('a live Stripe secret key');
  });
});

describe('importedPackage', () => {
  it.each([
    ['lodash', { name: 'lodash' }],
    ['lodash/debounce', { name: 'lodash' }],
    ['@scope/pkg/sub', { name: '@scope/pkg' }],
    ['@scope/pkg@2.1.0/sub', { name: '@scope/pkg', version: '2.1.0' }],
    ['dayjs@1', { name: 'dayjs', version: '1' }],
    ['./local', null],
    ['@/components/Header', null],
    ['node:fs', null],
  ])('%s', (source, expected) => {
    expect(importedPackage(source)).toEqual(expected);
  });
});
