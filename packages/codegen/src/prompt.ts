/**
 * Builds what a provider is sent for one generation — the system prompt (the output format, the
 * generated-code conventions of docs/contracts.md §2, the library catalogue and how to call the
 * `package_documentation` tool, the backend contract for functions and migrations, the auth contract and
 * Expo pages) and one user message carrying the app's database, the project's files (within the context
 * budget), the library docs the request most likely needs and the request — and reads that message back (the
 * builtin generator gets its input this way, so it goes through exactly the same path as a model).
 * @module
 */
import {
  CONVERSATION_BUDGET_SHARE,
  conversationSection,
  DEFAULT_CONTEXT_BUDGET_TOKENS,
  KNOWLEDGE_BUDGET_SHARE,
  knowledgeSection,
  selectContext,
} from './context-budget.ts';
import { docBlock, libraryDocsFor, libraryNames } from './library-docs.ts';
import type {
  GenDatabase,
  GenerateAction,
  GenerateRequest,
  GenGroup,
  GenModule,
  ProviderMessage,
} from './types.ts';
import { estimateTokens } from './usage.ts';

/** Web libraries named in the system prompt (lucide-react is named on its own). */
const WEB_LIBRARIES = libraryNames('web')
  .filter((n) => n !== 'lucide-react')
  .join(', ');
/** Mobile libraries beyond the four the system prompt names on their own. */
const MORE_MOBILE_LIBRARIES = libraryNames('mobile')
  .filter(
    (n) =>
      ![
        'react-native',
        '@expo/vector-icons',
        '@react-native-async-storage/async-storage',
        'expo-router',
      ].includes(n),
  )
  .join(', ');

/** The system prompt every provider receives. */
export const SYSTEM_PROMPT = `You are Kiln, an expert React and TypeScript engineer who builds complete, working, beautiful apps from a description.

# Input
The user's message holds the project's current files inside <kiln:project> (each as a <kiln:file> block), a render
error to fix inside <kiln:error path="..."> when there is one, and the request inside <kiln:request action="...">.
Actions: INITIAL (build a new app), CHAT (change the app), FIX_CHANGE (fix the error with the smallest edits).
Files named only by path in <kiln:other-files> exist but were not sent (<kiln:context> says why): never edit them
with SEARCH/REPLACE. <kiln:database> lists the app's Postgres tables and applied migrations. <kiln:docs> holds the
documentation of libraries the request likely needs. <kiln:project-knowledge> holds the project's standing
instructions: follow them.

# Output format
Reply with one message. Chat text outside tags is shown to the user: keep it short and friendly.
Rules:
- Write tags exactly as in the example: lowercase <kiln:...>, double-quoted attributes, every block closed by its own closing tag.
- Every path starts with apps/web/src/ (apps/mobile/src/ for Expo pages), as in File layout below.
- <kiln:file> holds the whole file: never "..." or "rest unchanged", never markdown fences.
- <kiln:edit> changes an existing module: SEARCH lines copied exactly from the current file (enough to be unique). Unsure? Write the whole file.
- <kiln:migration> creates or changes tables. Never change an applied migration: write a new one (ALTER TABLE ...).
- <kiln:tool-call name="package_documentation">recharts, date-fns</kiln:tool-call> reads listed libraries' docs: end your reply there; the docs come next, then continue (written files are kept).
- <kiln:choices> suggests next messages (one per line); <kiln:publish/> suggests publishing.
- Optional <kiln:verify> checks your pages in a browser, a step a line: visit /path, click Label, fill Field=value, expect text.
- <kiln:knowledge>one standing instruction</kiln:knowledge> proposes a lasting rule the user stated (they may accept it).

Example reply (one of each block; use only those you need):
<kiln:thinking>A todos table and function, a header component, the page uses it, the old banner goes.</kiln:thinking>
Added your todo list.
<kiln:migration name="create_todos">
CREATE TABLE todos (id serial PRIMARY KEY, title text NOT NULL, done boolean NOT NULL DEFAULT false);
</kiln:migration>
<kiln:file path="apps/web/src/app/api/todos/route.ts" type="FUNCTION">
import sql from '@/app/api/utils/sql';

export async function GET() {
  return Response.json(await sql\`SELECT * FROM todos ORDER BY id\`);
}
</kiln:file>
<kiln:file path="apps/web/src/components/AppHeader.tsx" type="COMPONENT">
export default function AppHeader({ title }: { title: string }) {
  return <header className="p-4 text-xl font-bold">{title}</header>;
}
</kiln:file>
<kiln:edit path="apps/web/src/app/page.tsx">
<<<<<<< SEARCH
      <h1 className="text-2xl">Home</h1>
=======
      <AppHeader title="Todos" />
>>>>>>> REPLACE
</kiln:edit>
<kiln:delete path="apps/web/src/components/Banner.tsx"/>
<kiln:rename from="apps/web/src/app/about/page.tsx" to="apps/web/src/app/team/page.tsx"/>
<kiln:choices>
make it blue
add a page called Pricing
</kiln:choices>
<kiln:publish/>

# File layout
- Pages: apps/web/src/app/page.tsx (route /) and apps/web/src/app/{segment}/page.tsx (route /{segment}); segments are lowercase-hyphenated.
- Components: apps/web/src/components/{Name}.tsx, used as <Name /> (import Name from '@/components/Name').
- Functions: apps/web/src/app/api/{segment}/route.ts (dynamic [id] folders allowed), served at /api/{segment}.
- Mobile pages (Expo): apps/mobile/src/app/index.tsx (route /) and apps/mobile/src/app/{segment}/index.tsx; dynamic segments as [id] folders.
- Sign-in pages: apps/web/src/app/account/signin/page.tsx (AUTH_PAGE_SIGN_IN), apps/web/src/app/account/signup/page.tsx (AUTH_PAGE_SIGN_UP), apps/web/src/app/account/logout/page.tsx (AUTH_PAGE_LOGOUT).
Types: PAGE, COMPONENT, FUNCTION, EXPO_PAGE, AUTH_PAGE_SIGN_IN, AUTH_PAGE_SIGN_UP, AUTH_PAGE_LOGOUT.

# Code conventions (web pages and components)
- Each page and component is one TSX module: export default function Name(props) { ... }; a component's Name is its file name.
- Imports: react (hooks), lucide-react icons, the project's own components, and these libraries, which load instantly: ${WEB_LIBRARIES}. Any other npm package works too (downloaded on first use): prefer the list. Never Node-only modules (fs, child_process, net) in pages or components: use a function.
- Style only with Tailwind utility classes (no CSS files, no style tags); hex colours as arbitrary values (bg-[#0f172a]).
- The UI must be responsive and polished; every form field has a name attribute.
- Links between pages are plain <a href="/route"> elements. localStorage is available for persistence.
- Images use relative paths with specific alt text and explicit sizes. If emoji are requested, use emoji instead of icons.

# Backend (data kept on the server)
- A function exports GET/POST/PUT/PATCH/DELETE (or handler): (request: Request, { params }) => Response | Promise<Response>; return Response.json(data) or a plain value. npm packages work, not Node-only ones; no file system.
- Functions may fetch public HTTP APIs and read API keys as process.env.NAME. For a key the app needs, write <kiln:secret name="NAME">what it is for</kiln:secret>: the user saves it in the chat (never ask for a key's value).
- Functions may import @/integrations/ai (the user's model), @/integrations/stripe (payments) and @/integrations/email.
- Database only through import sql from '@/app/api/utils/sql': const rows = await sql\`SELECT * FROM todos WHERE id = \${id}\` (one statement; values become parameters) or sql(text, values). Tables only through migrations.
- Pages call them with fetch('/api/...'), show a loading state, and still render when the request fails.

# Sign-in (only when the user asks for accounts, login or sign-up)
- import useUser from '@/utils/useUser'; const { data: user, loading } = useUser(); user is { id, email, name, image } or null.
- import useAuth from '@/utils/useAuth'; const { signInWithCredentials, signUpWithCredentials, signInWithGoogle, signOut } = useAuth();
  each takes { email?, password?, name?, callbackUrl, redirect: true }. The sign-in page reads the callbackUrl query parameter.
- Write the three sign-in pages at their paths with their types, and show the user with Sign in / Sign out links in the header.
- Functions: import { auth } from '@/auth'; const session = await auth(); (null if signed out); store each visitor's rows under user_id.

# Mobile pages (EXPO_PAGE)
- React Native, not HTML: View, Text, Pressable, TextInput, ScrollView, FlatList, Image, Switch and StyleSheet from 'react-native'; no className, no Tailwind, every string inside <Text>.
- Icons from '@expo/vector-icons'; storage with AsyncStorage from '@react-native-async-storage/async-storage'; navigation with Link / router / useLocalSearchParams from 'expo-router'.
- Other mobile libraries: ${MORE_MOBILE_LIBRARIES}.`;

/**
 * Added to the system prompt for a DISCUSSION (plan mode): the model answers and plans, and changes nothing.
 * Kept apart from `SYSTEM_PROMPT` so that every other request's prompt stays as it is.
 */
export const DISCUSSION_PROMPT = `# Discussion (action DISCUSSION)
The user wants to talk before building: answer the question, read the files and docs you need, then propose a
plan as a numbered list of concrete steps (files, tables, functions, UI). <kiln:conversation>, when there, holds
the discussion so far (User: … / You: …): answer the new request in its light. To read, end your reply with tool
calls; their answers come next:
- <kiln:tool-call name="read_file">apps/web/src/app/page.tsx</kiln:tool-call> gives files whole (a path per line);
- <kiln:tool-call name="grep_codebase">due_date</kiln:tool-call> lists the lines containing a text;
- package_documentation reads libraries' docs.
Change nothing: no <kiln:file>, <kiln:edit>, <kiln:delete>, <kiln:rename> or <kiln:migration>
blocks; they are not applied. The user can press "Implement this plan" to have it built.`;

/**
 * At most this many library docs go up front in `<kiln:docs>` (the best keyword matches); the model reads any
 * other with the `package_documentation` tool. Measured: a typical prompt matched 2–5 libraries, 150–250
 * tokens each, while a tool round re-sends the whole request (README, "Library docs").
 */
export const MAX_UPFRONT_DOCS = 2;

/** Options of `buildPrompt`. */
export interface PromptOptions {
  /**
   * Tokens (chars / 4) the project's files and library docs may take in the request (default
   * `DEFAULT_CONTEXT_BUDGET_TOKENS`, 24 000). Over it, only the most relevant files are sent in full and the
   * others are listed by path; docs and the database section take at most a quarter of it each.
   */
  budgetTokens?: number;
}

/** Builds the system prompt and messages for a request. */
export function buildPrompt(
  req: GenerateRequest,
  opts: PromptOptions = {},
): { system: string; messages: ProviderMessage[] } {
  const action = requestAction(req);
  const budget = Math.max(0, opts.budgetTokens ?? DEFAULT_CONTEXT_BUDGET_TOKENS);
  const parts: string[] = [];
  const error = req.error;
  const isFix = action === 'FIX_CHANGE' && error !== undefined;
  // A fix is told only the failing module and its error: cheaper, and it cannot wander into other files.
  const failing = isFix ? req.modules.filter((m) => m.filePath === error.filePath) : [];

  // Docs and the database first, each capped at a quarter of the budget, so files get the rest.
  const docSources = isFix ? failing : req.modules;
  const docs: string[] = [];
  let docsTokens = 0;
  for (const doc of libraryDocsFor(
    isFix ? '' : req.prompt,
    docSources.map((m) => m.content),
  )) {
    if (docs.length >= MAX_UPFRONT_DOCS) break;
    const block = docBlock(doc);
    const t = estimateTokens(block);
    if (docsTokens + t > budget / 4) continue;
    docs.push(block);
    docsTokens += t;
  }
  const database = req.database ? databaseSection(req.database, budget / 4) : '';
  const databaseTokens = estimateTokens(database);
  // Standing instructions go with every request, a fix included, trimmed to their share of the budget.
  const knowledge = req.knowledge ? knowledgeSection(req.knowledge, budget * KNOWLEDGE_BUDGET_SHARE) : '';
  const knowledgeTokens = estimateTokens(knowledge);
  // A discussion's earlier messages, newest kept, so a follow-up question is understood.
  const conversation = req.conversation?.length
    ? conversationSection(req.conversation, budget * CONVERSATION_BUDGET_SHARE)
    : '';
  const conversationTokens = estimateTokens(conversation);

  const selection = isFix
    ? {
        full: failing,
        listed: req.modules.filter((m) => !failing.includes(m)),
        projectTokens: 0,
      }
    : selectContext(
        req,
        Math.max(0, budget - docsTokens - databaseTokens - knowledgeTokens - conversationTokens),
      );
  if (knowledge) parts.push(knowledge);
  if (database) parts.push(database);
  if (selection.full.length > 0) {
    parts.push('<kiln:project>');
    for (const m of selection.full) {
      parts.push(
        `<kiln:file path="${escapeAttr(m.filePath)}" type="${m.moduleType}">\n${m.content}</kiln:file>`,
      );
    }
    parts.push('</kiln:project>');
  }
  if (selection.listed.length > 0) {
    // Paths and types only, so a fix can name other components without reading them.
    parts.push('<kiln:other-files>');
    for (const m of selection.listed) parts.push(`${m.moduleType} ${m.filePath}`);
    parts.push('</kiln:other-files>');
  }
  if (docs.length > 0) parts.push('<kiln:docs>', ...docs, '</kiln:docs>');
  if (req.error) {
    parts.push(`<kiln:error path="${escapeAttr(req.error.filePath)}">\n${req.error.message}\n</kiln:error>`);
  }
  if (!isFix && selection.listed.length > 0) {
    parts.push(
      `<kiln:context>The project has ${req.modules.length} files (about ${selection.projectTokens} tokens), more than the context budget of ${budget} tokens. The ${selection.full.length} files most relevant to this request are in <kiln:project>; the other ${selection.listed.length} are listed by path only in <kiln:other-files>. Read one before changing it: <kiln:tool-call name="read_file">its path</kiln:tool-call> (grep_codebase finds lines), answered next.</kiln:context>`,
    );
  }
  if (req.group) parts.push(groupSection(req.group));
  if (conversation) parts.push(conversation);
  parts.push(`<kiln:request action="${action}">\n${req.prompt}\n</kiln:request>`);
  const system = action === 'DISCUSSION' ? `${SYSTEM_PROMPT}\n\n${DISCUSSION_PROMPT}` : SYSTEM_PROMPT;
  const images = req.images && req.images.length > 0 ? { images: req.images } : {};
  return { system, messages: [{ role: 'user', content: parts.join('\n'), ...images }] };
}

/**
 * The `<kiln:database>` section: one line per table (`todos(id integer, title text)`), then the applied
 * migrations. Over `maxTokens`, later tables are named only, and only the newest migrations are listed.
 */
export function databaseSection(db: GenDatabase, maxTokens = Number.POSITIVE_INFINITY): string {
  const lines: string[] = [];
  let used = estimateTokens('<kiln:database>\n</kiln:database>\nMigrations applied: \n');
  const fits = (text: string, room = maxTokens) => used + estimateTokens(`${text}\n`) <= room;
  const take = (line: string) => {
    lines.push(line);
    used += estimateTokens(`${line}\n`);
  };
  // Table names and migration names are cheap and matter: keep room for them (up to a quarter).
  const reserve = Math.min(
    maxTokens / 4,
    estimateTokens(db.tables.map((t) => t.name).join(', ')) + estimateTokens(db.migrations.join(', ')) + 10,
  );
  let full = 0;
  for (const t of db.tables) {
    const line = `${t.name}(${t.columns.map((c) => `${c.name} ${c.type}`).join(', ')})`;
    if (!fits(line, maxTokens - reserve)) break;
    take(line);
    full++;
  }
  const rest = db.tables.slice(full).map((t) => t.name);
  if (rest.length > 0) {
    const named: string[] = [];
    for (const name of rest) {
      if (!fits(`${rest.length} more tables: ${[...named, name].join(', ')}, …`)) break;
      named.push(name);
    }
    take(
      `${rest.length} more tables${named.length > 0 ? `: ${named.join(', ')}${named.length < rest.length ? ', …' : ''}` : ''}`,
    );
  }
  if (db.tables.length === 0) take('No tables yet.');
  const shown: string[] = [];
  for (const name of [...db.migrations].reverse()) {
    if (!fits(`(${db.migrations.length} earlier), ${[name, ...shown].join(', ')}`)) break;
    shown.unshift(name);
  }
  const earlier = db.migrations.length - shown.length;
  const migrations = [earlier > 0 ? `(${earlier} earlier)` : '', ...shown].filter(Boolean).join(', ');
  lines.push(`Migrations applied: ${migrations || 'none'}`);
  return ['<kiln:database>', ...lines, '</kiln:database>'].join('\n');
}

/**
 * The `<kiln:group>` section of a top-down chat: the other projects of the group with their functions, pages
 * and tables, so that this project uses what they offer (a mobile app calls the web project's functions at
 * its published URL) instead of inventing its own.
 */
export function groupSection(group: GenGroup): string {
  const lines = [
    '<kiln:group>',
    `This request is for several projects of one group; this project is "${group.projectName}". Keep it consistent with the others: they share one backend, so call their functions (by full URL) rather than duplicating them.`,
  ];
  for (const p of group.projects) {
    lines.push(
      `Project "${p.name}" (${p.kind}${p.changing ? ', changed by this same request' : ''})${p.url ? ` at ${p.url}` : ', not published yet'}:`,
    );
    lines.push(`  functions: ${p.functions.length > 0 ? p.functions.join('; ') : 'none'}`);
    if (p.url && p.functions.length > 0) lines.push(`  (call them as fetch('${p.url}api/...'))`);
    lines.push(`  pages: ${p.pages.length > 0 ? p.pages.join(', ') : 'none'}`);
    lines.push(`  tables: ${p.tables.length > 0 ? p.tables.join('; ') : 'none'}`);
  }
  lines.push('</kiln:group>');
  return lines.join('\n');
}

/** The action a request stands for (`INITIAL` for an empty project, otherwise `CHAT`, unless given). */
export function requestAction(req: GenerateRequest): GenerateAction {
  return req.action ?? (req.modules.length === 0 ? 'INITIAL' : 'CHAT');
}

/** What a request message carries, read back from the text `buildPrompt` wrote. */
export interface RequestMessage {
  action: GenerateAction;
  prompt: string;
  files: { filePath: string; moduleType: string | null; content: string }[];
  /** Other files of the project, named but not sent (a fix sees only the failing module). */
  otherFiles: { filePath: string; moduleType: string }[];
  error?: { filePath: string; message: string };
  /** The `<kiln:database>` section read back (tables named only, beyond the budget, have no columns). */
  database?: GenDatabase;
  /** The `<kiln:project-knowledge>` section read back (as sent: possibly trimmed). */
  knowledge?: string;
}

/**
 * Reads a request message written by `buildPrompt`. A message in any other shape is taken as a bare prompt
 * for an empty project.
 */
export function readRequestMessage(content: string): RequestMessage {
  const reqOpen = /<kiln:request(?:\s+action="([A-Z_]+)")?\s*>\n?/g;
  let last: RegExpExecArray | null = null;
  for (let m = reqOpen.exec(content); m; m = reqOpen.exec(content)) last = m;
  if (!last) return { action: 'INITIAL', prompt: content.trim(), files: [], otherFiles: [] };
  const bodyStart = last.index + last[0].length;
  const close = content.lastIndexOf('</kiln:request>');
  const prompt = content.slice(bodyStart, close > bodyStart ? close : undefined).trim();
  const rawAction = last[1];
  const action =
    rawAction === 'CHAT' || rawAction === 'FIX_CHANGE' || rawAction === 'DISCUSSION' ? rawAction : 'INITIAL';
  const head = content.slice(0, last.index);
  const files: RequestMessage['files'] = [];
  const projectStart = head.indexOf('<kiln:project>');
  const projectEnd = head.lastIndexOf('</kiln:project>');
  if (projectStart !== -1 && projectEnd > projectStart) {
    const fileRe = /<kiln:file path="([^"]*)"(?: type="([A-Z_]*)")?>\n?/g;
    const project = head.slice(projectStart, projectEnd);
    const starts = [...project.matchAll(fileRe)];
    starts.forEach((m, i) => {
      const from = (m.index ?? 0) + m[0].length;
      const to = i + 1 < starts.length ? (starts[i + 1]?.index ?? project.length) : project.length;
      const body = project.slice(from, to);
      const end = body.lastIndexOf('</kiln:file>');
      files.push({
        filePath: unescapeAttr(m[1] ?? ''),
        moduleType: m[2] || null,
        content: end === -1 ? body : body.slice(0, end),
      });
    });
  }
  const errorMatch = /<kiln:error path="([^"]*)">\n?([\s\S]*?)\n?<\/kiln:error>/.exec(head);
  const otherFiles: RequestMessage['otherFiles'] = [];
  const othersMatch = /<kiln:other-files>\n([\s\S]*?)\n?<\/kiln:other-files>/.exec(head);
  for (const line of othersMatch?.[1]?.split('\n') ?? []) {
    const [moduleType, ...path] = line.trim().split(' ');
    if (moduleType && path.length > 0) otherFiles.push({ moduleType, filePath: path.join(' ') });
  }
  const result: RequestMessage = { action, prompt, files, otherFiles };
  const knowledgeMatch = /<kiln:project-knowledge>\n([\s\S]*?)\n?<\/kiln:project-knowledge>/.exec(head);
  if (knowledgeMatch) result.knowledge = knowledgeMatch[1] ?? '';
  const dbMatch = /<kiln:database>\n([\s\S]*?)\n?<\/kiln:database>/.exec(head);
  if (dbMatch) result.database = readDatabaseSection(dbMatch[1] ?? '');
  if (errorMatch)
    result.error = { filePath: unescapeAttr(errorMatch[1] ?? ''), message: errorMatch[2] ?? '' };
  return result;
}

function readDatabaseSection(body: string): GenDatabase {
  const db: GenDatabase = { tables: [], migrations: [] };
  for (const line of body.split('\n')) {
    const table = /^([^\s(]+)\((.*)\)$/.exec(line.trim());
    if (table) {
      db.tables.push({
        name: table[1] ?? '',
        columns: splitTopLevel(table[2] ?? '').map((c) => {
          const at = c.indexOf(' ');
          return at === -1 ? { name: c, type: '' } : { name: c.slice(0, at), type: c.slice(at + 1) };
        }),
      });
      continue;
    }
    const more = /^\d+ more tables: (.*)$/.exec(line.trim());
    if (more) {
      for (const name of (more[1] ?? '').split(', ')) if (name !== '…') db.tables.push({ name, columns: [] });
    }
    const applied = /^Migrations applied: (.*)$/.exec(line.trim());
    if (applied && applied[1] !== 'none') {
      db.migrations = (applied[1] ?? '').split(', ').filter((n) => n && !/^\(\d+ earlier\)$/.test(n));
    }
  }
  return db;
}

/** Splits `a int, b numeric(10,2)` at the commas outside parentheses. */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      out.push(text.slice(from, i).trim());
      from = i + 1;
    }
  }
  const last = text.slice(from).trim();
  if (last) out.push(last);
  return out;
}

/** The modules of a request message, typed. */
export function requestModules(
  msg: RequestMessage,
  fallbackType: (path: string) => GenModule['moduleType'],
): GenModule[] {
  return msg.files.map((f) => ({
    filePath: f.filePath,
    moduleType: (f.moduleType as GenModule['moduleType'] | null) ?? fallbackType(f.filePath),
    content: f.content,
  }));
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function unescapeAttr(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
