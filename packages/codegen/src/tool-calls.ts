/**
 * The answers `generate` gives a model's tool calls: `package_documentation` (the catalogue, then npm),
 * `read_file` and `grep_codebase` (the project's own files, project-tools.ts) and, when the caller offers it,
 * `web_search`. Each answer becomes a `<kiln:tool-result>` in the next request.
 * @module
 */

import { PACKAGE_DOCUMENTATION } from './block-reducer.ts';
import type { ToolCall } from './generation-state.ts';
import { type NpmDocs, packageDocumentationWithNpm } from './library-docs.ts';
import { GREP_CODEBASE, grepCodebase, READ_FILE, readFiles } from './project-tools.ts';
import type { GenerateRequest, GenToolAnswer, GenToolKind, GenWebSearch } from './types.ts';

/** The tool a model calls with `<kiln:tool-call name="web_search">`, offered only with `webSearch`. */
export const WEB_SEARCH = 'web_search' as const;

/** What the system prompt adds when the caller offers web search (`GenerateOptions.webSearch`). */
export const WEB_SEARCH_PROMPT = `# Web search
- <kiln:tool-call name="web_search">stripe checkout session api</kiln:tool-call> searches the web (one query per call; each search costs the user credits): use it only for facts you do not know (a current API, a library's latest usage). End your reply there; the top results (title, url, snippet) come next, then continue.`;

/** The tools a generation offers, by the name a model calls them. */
export function offeredTools(webSearch: GenWebSearch | undefined): readonly GenToolKind[] {
  const always = [PACKAGE_DOCUMENTATION, READ_FILE, GREP_CODEBASE] as const;
  return webSearch ? [...always, WEB_SEARCH] : always;
}

/** What a tool answers one call; a call to a tool that is not offered is told which tools there are. */
export async function answerToolCall(
  call: ToolCall,
  tools: readonly GenToolKind[],
  req: GenerateRequest,
  opts: { webSearch?: GenWebSearch; npmDocs?: NpmDocs; signal?: AbortSignal },
): Promise<GenToolAnswer> {
  if (call.name === PACKAGE_DOCUMENTATION)
    return packageDocumentationWithNpm(call.input, platformsOf(req), opts.npmDocs);
  if (call.name === READ_FILE) return readFiles(call.input, req.modules);
  if (call.name === GREP_CODEBASE) return grepCodebase(call.input, req.modules);
  if (call.name === WEB_SEARCH && opts.webSearch)
    return searchTheWeb(opts.webSearch, call.input, opts.signal);
  return {
    status: 'error',
    output: `There is no tool "${call.name}". ${tools.length > 1 ? `The tools are ${tools.slice(0, -1).join(', ')} and ${tools.at(-1)}` : `The only tool is ${PACKAGE_DOCUMENTATION}`}.`,
  };
}

/** A call's answer as the model reads it in the next request. */
export function toolResult(call: ToolCall, answer: GenToolAnswer): string {
  return `<kiln:tool-result name="${escapeAttr(call.name)}">\n${answer.output}\n</kiln:tool-result>`;
}

/** One `web_search` call answered by the caller's search; a search that throws is an error answer, not a failure. */
async function searchTheWeb(
  search: GenWebSearch,
  input: string,
  signal: AbortSignal | undefined,
): Promise<GenToolAnswer> {
  const query = input.trim();
  if (!query) return { status: 'error', output: 'Write the search query inside the tool call.' };
  try {
    return await search(query, signal);
  } catch (err) {
    return {
      status: 'error',
      output: `The web search failed: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}

/** Which platforms' libraries a request may use: mobile for Expo work, web otherwise (or both). */
function platformsOf(req: GenerateRequest): ('web' | 'mobile')[] {
  const mobile =
    req.modules.some((m) => m.moduleType === 'EXPO_PAGE') ||
    /\b(mobile|expo|react native|ios|android|iphone)\b/i.test(req.prompt);
  const web = !mobile || req.modules.some((m) => m.moduleType !== 'EXPO_PAGE');
  return [...(web ? (['web'] as const) : []), ...(mobile ? (['mobile'] as const) : [])];
}

/** A value made safe inside a double-quoted tag attribute. */
export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
