/**
 * What the builtin apps with a backend share. Functions side: SQL literals for seed rows and the request-body
 * reader every route uses. Page side: the code that loads data from `/api/…` once on mount and, when there is
 * no backend (the render check, `kiln render`, the CLI's output opened elsewhere), falls back to the browser
 * (localStorage) exactly as before; the `api()` caller whose failures roll back optimistic updates; and the
 * short notice shown when a change could not be saved.
 * @module
 */
import { jsString } from '../format.ts';

/** The module specifier functions import the database from. */
export const SQL_IMPORT = "import sql from '@/app/api/utils/sql';";

/** A SQL string literal (E'' with escapes when the text spans lines). */
export function sqlText(text: string): string {
  const quoted = text.replace(/'/g, "''");
  if (!/[\n\\]/.test(text)) return `'${quoted}'`;
  return `E'${quoted.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}'`;
}

/** Function code: `readBody(request)`, the JSON object a request carries, or null. */
export const READ_BODY = `/** The JSON object a request carries, or null when it has none. */
async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? body : null;
  } catch {
    return null;
  }
}

function badRequest(error: string) {
  return Response.json({ error }, { status: 400 });
}`;

/** Page code: `api(method, path, body)`, which rejects with the server's error message when not OK. */
export const API_CALLER = `  async function api(method, path, body) {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => {
      throw new Error('The server could not be reached.');
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error((data && data.error) || 'The server answered ' + res.status + '.');
    return data;
  }`;

/** Page code: the notice state, cleared a few seconds after it is shown. */
export const NOTICE_STATE = `  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(''), 4500);
    return () => clearTimeout(timer);
  }, [notice]);`;

/** Page JSX: the notice, a small dark toast at the bottom (needs `AlertCircle` from lucide-react). */
export const NOTICE_TOAST = `      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}`;

/** Page JSX: a subtle "loading" hint shown while `source` is 'loading' (needs `Loader2`). */
export function loadingHint(label: string): string {
  return `{source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              ${label}
            </span>
          )}`;
}

/**
 * Page code: an effect that fetches `path` once on mount. When the answer is OK and `accept` holds for
 * `data`, it runs `onServer` and sets `source` to 'server'; otherwise (no backend, an error, a timeout) it
 * runs `onLocal` and sets 'local'. Needs `const [source, setSource] = useState('loading')`.
 */
export function loadOnMount(opts: {
  path: string;
  accept: string;
  onServer: string;
  onLocal?: string;
}): string {
  return `  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch(${jsString(opts.path)}, { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (${opts.accept}) {
${indent(opts.onServer, 10)}
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
${opts.onLocal ? `${indent(opts.onLocal, 10)}\n` : ''}          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);`;
}

function indent(code: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return code
    .split('\n')
    .map((line) => (line ? pad + line : line))
    .join('\n');
}

/**
 * Component code: `submitTo(path, body)` for a form that only sends. It resolves to `{ ok: true }` when the
 * API stored it, `{ ok: false, status, error, field }` when the API refused it, and null when no backend
 * answered (then the form keeps the submission in the browser, as before).
 */
export const SUBMIT_TO = `  async function submitTo(path, body) {
    try {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = await res.json().catch(() => null);
      if (res.ok && answer) return { ok: true };
      if (answer && answer.error) return { ok: false, status: res.status, error: answer.error, field: answer.field };
    } catch {
      // Nothing answered: there is no backend here.
    }
    return null;
  }`;
