/**
 * Builds what a provider is sent for one generation — the system prompt (the output format, the
 * generated-code conventions of docs/contracts.md §2, the library catalogue, the auth contract and Expo
 * pages) and one user message carrying the project's files (within the context budget), the library docs
 * the request needs and the request — and reads that message back (the builtin generator gets its input this way, so it goes
 * through exactly the same path as a model).
 * @module
 */
import { DEFAULT_CONTEXT_BUDGET_TOKENS, selectContext } from './context-budget.ts';
import { docBlock, libraryDocsFor, libraryNames } from './library-docs.ts';
import type { GenerateRequest, GenModule, ProviderMessage } from './types.ts';
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
Files named only by path in <kiln:other-files> exist but were not sent (a large project, or a fix): do not edit them
with SEARCH/REPLACE, you have not seen their text. <kiln:context> says why. <kiln:docs> holds the documentation of
libraries the request may need, one <kiln:doc name="..."> each.

# Output format
Reply with one message. Chat text outside tags is shown to the user: keep it short and friendly.
- <kiln:thinking>your plan</kiln:thinking> (optional, first)
- <kiln:file path="apps/web/src/app/page.tsx" type="PAGE">the whole file</kiln:file> to create a module or rewrite one completely.
- <kiln:edit path="...">one or more SEARCH/REPLACE blocks</kiln:edit> to change an existing module:
<<<<<<< SEARCH
exact lines copied from the current file (enough to be unique)
=======
the lines that replace them
>>>>>>> REPLACE
- <kiln:delete path="..."/> to remove a module; <kiln:rename from="..." to="..."/> to move one.
Prefer edits for changes to existing files. Never wrap file content in markdown fences.

# File layout
- Pages: apps/web/src/app/page.tsx (route /) and apps/web/src/app/{segment}/page.tsx (route /{segment}); segments are lowercase-hyphenated.
- Components: apps/web/src/components/{Name}.tsx, used as <Name /> (import Name from '@/components/Name').
- Functions: apps/web/src/app/api/{segment}/route.ts, served at /api/{segment}.
- Mobile pages (Expo): apps/mobile/src/app/index.tsx (route /) and apps/mobile/src/app/{segment}/index.tsx; dynamic segments as [id] folders.
- Sign-in pages: apps/web/src/app/account/signin/page.tsx (AUTH_PAGE_SIGN_IN), apps/web/src/app/account/signup/page.tsx (AUTH_PAGE_SIGN_UP), apps/web/src/app/account/logout/page.tsx (AUTH_PAGE_LOGOUT).
Types: PAGE, COMPONENT, FUNCTION, EXPO_PAGE, AUTH_PAGE_SIGN_IN, AUTH_PAGE_SIGN_UP, AUTH_PAGE_LOGOUT.

# Code conventions (web pages and components)
- Each page and component is one TSX module: export default function Name(props) { ... }; a component's Name is its file name.
- Imports allowed: react (hooks), lucide-react icons, the project's own components, and these libraries: ${WEB_LIBRARIES}. No others.
- Style only with Tailwind utility classes (no CSS files, no style tags); hex colours as arbitrary values (bg-[#0f172a]).
- The UI must be responsive and polished; every form field has a name attribute.
- Links between pages are plain <a href="/route"> elements. localStorage is available for persistence.
- Images use relative paths with specific alt text and explicit sizes. If emoji are requested, use emoji instead of icons.

# Sign-in (only when the user asks for accounts, login or sign-up)
- import useUser from '@/utils/useUser'; const { data: user, loading } = useUser(); user is { id, email, name, image } or null.
- import useAuth from '@/utils/useAuth'; const { signInWithCredentials, signUpWithCredentials, signInWithGoogle, signOut } = useAuth();
  each takes { email?, password?, name?, callbackUrl, redirect: true }. The sign-in page reads the callbackUrl query parameter.
- Write the three sign-in pages at their paths with their types, and show the user with Sign in / Sign out links in the header.

# Mobile pages (EXPO_PAGE)
- React Native, not HTML: View, Text, Pressable, TextInput, ScrollView, FlatList, Image, Switch and StyleSheet from 'react-native'; no className, no Tailwind, every string inside <Text>.
- Icons from '@expo/vector-icons'; storage with AsyncStorage from '@react-native-async-storage/async-storage'; navigation with Link / router / useLocalSearchParams from 'expo-router'.
- Other mobile libraries: ${MORE_MOBILE_LIBRARIES}.`;

/** Options of `buildPrompt`. */
export interface PromptOptions {
  /**
   * Tokens (chars / 4) the project's files and library docs may take in the request (default
   * `DEFAULT_CONTEXT_BUDGET_TOKENS`, 24 000). Over it, only the most relevant files are sent in full and the
   * others are listed by path; docs take at most a quarter of it.
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

  // Docs first, capped at a quarter of the budget, so files get the rest.
  const docSources = isFix ? failing : req.modules;
  const docs: string[] = [];
  let docsTokens = 0;
  for (const doc of libraryDocsFor(
    isFix ? '' : req.prompt,
    docSources.map((m) => m.content),
  )) {
    const block = docBlock(doc);
    const t = estimateTokens(block);
    if (docsTokens + t > budget / 4) continue;
    docs.push(block);
    docsTokens += t;
  }

  const selection = isFix
    ? {
        full: failing,
        listed: req.modules.filter((m) => !failing.includes(m)),
        projectTokens: 0,
      }
    : selectContext(req, Math.max(0, budget - docsTokens));
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
      `<kiln:context>The project has ${req.modules.length} files (about ${selection.projectTokens} tokens), more than the context budget of ${budget} tokens. The ${selection.full.length} files most relevant to this request are in <kiln:project>; the other ${selection.listed.length} are listed by path only in <kiln:other-files>. Change those only with a whole <kiln:file>, or ask the user to name them.</kiln:context>`,
    );
  }
  parts.push(`<kiln:request action="${action}">\n${req.prompt}\n</kiln:request>`);
  return { system: SYSTEM_PROMPT, messages: [{ role: 'user', content: parts.join('\n') }] };
}

/** The action a request stands for (`INITIAL` for an empty project, otherwise `CHAT`, unless given). */
export function requestAction(req: GenerateRequest): 'INITIAL' | 'CHAT' | 'FIX_CHANGE' {
  return req.action ?? (req.modules.length === 0 ? 'INITIAL' : 'CHAT');
}

/** What a request message carries, read back from the text `buildPrompt` wrote. */
export interface RequestMessage {
  action: 'INITIAL' | 'CHAT' | 'FIX_CHANGE';
  prompt: string;
  files: { filePath: string; moduleType: string | null; content: string }[];
  /** Other files of the project, named but not sent (a fix sees only the failing module). */
  otherFiles: { filePath: string; moduleType: string }[];
  error?: { filePath: string; message: string };
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
  const action = rawAction === 'CHAT' || rawAction === 'FIX_CHANGE' ? rawAction : 'INITIAL';
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
  if (errorMatch)
    result.error = { filePath: unescapeAttr(errorMatch[1] ?? ''), message: errorMatch[2] ?? '' };
  return result;
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
