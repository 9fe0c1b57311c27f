/**
 * The "add a field" follow-up on the builtin apps whose entity has a table: a task (todos), a note (notes) or
 * a lead (leads) gets a text field. It is a new migration (`ALTER TABLE … ADD COLUMN`, never an edit of the
 * applied one), the functions read and write the column, and the UI gets an input and shows the value. Each
 * change is an anchored edit of the builtin's own code; when an anchor is gone (the code was changed by
 * hand or by a model) the field is not added and the reply says why.
 * @module
 */
import type { GenModule } from '../types.ts';
import type { BuiltMigration } from './apps/shared.ts';
import { jsString, jsxText } from './format.ts';
import { detectAccent } from './theme.ts';
import { cleanTitle } from './title.ts';

/** A field asked for: its label, the JS key and the column. */
export interface FieldName {
  /** As shown: "Phone number". */
  label: string;
  /** In page and function code: `phoneNumber`. */
  key: string;
  /** In the table (always quoted in SQL): `phone_number`. */
  column: string;
}

/** The field an "add a priority field" / "add a field called Location to notes" request names. */
export function addFieldTarget(prompt: string): FieldName | null {
  const m =
    /\badd\s+(?:(?:a|an|one more|another)\s+)?(?:new\s+)?(?:text\s+)?(?:field|column|input)\s+(?:called|named|for(?:\s+the)?)\s+["“'‘]?([A-Za-z][A-Za-z0-9 ]{0,30}?)["”'’]?(?=\s+(?:to|on|in|for)\b|\s*$|[.,;!?\n]|\s+and\b)/i.exec(
      prompt,
    ) ??
    /\badd\s+(?:(?:a|an|one more|another)\s+)?(?:new\s+)?["“'‘]?([A-Za-z][A-Za-z0-9 ]{0,30}?)["”'’]?\s+(?:field|column|input)\b/i.exec(
      prompt,
    );
  const words = cleanTitle(m?.[1] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .split(' ')
    .filter((w) => w && !/^(new|text|extra|optional|the|a|an)$/.test(w));
  if (words.length === 0 || words.length > 4) return null;
  const label = words.join(' ').replace(/^./, (c) => c.toUpperCase());
  const key = words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
  if (!/^[a-z][a-zA-Z0-9]*$/.test(key)) return null;
  return { label, key, column: words.join('_') };
}

/** What adding a field produced. */
export interface AddFieldOutcome {
  migration?: BuiltMigration;
  /** The sentence for the reply: what was done, or why not. */
  done?: string;
  note?: string;
}

interface Entity {
  table: string;
  /** The singular in the reply: "task". */
  noun: string;
  /** Where the field shows, for the reply. */
  ui: string;
  /** Keys the entity already has. */
  taken: string[];
  /** The anchored edits, per file; an `optional` one is skipped when the project has no such file. */
  edits: {
    filePath: string;
    optional?: boolean;
    apply: (content: string, f: FieldName, accent: string) => string | null;
  }[];
  /** Lines a project of this entity has once the field is read and written (in whichever file maps rows). */
  mapped?: (f: FieldName) => string[];
}

const API = 'apps/web/src/app/api';
const COMPONENTS = 'apps/web/src/components';

/** Inserts `text` before `anchor`; null when the anchor is not there exactly once. */
function before(content: string, anchor: string, text: string): string | null {
  const i = content.indexOf(anchor);
  if (i < 0 || content.indexOf(anchor, i + 1) >= 0) return null;
  return content.slice(0, i) + text + content.slice(i);
}

/** Inserts `text` after `anchor`; null when the anchor is not there exactly once. */
function after(content: string, anchor: string, text: string): string | null {
  const i = content.indexOf(anchor);
  if (i < 0 || content.indexOf(anchor, i + 1) >= 0) return null;
  return content.slice(0, i + anchor.length) + text + content.slice(i + anchor.length);
}

/**
 * `step` where the content still has `anchor` (a project built before the rows moved into
 * `app/api/utils/<app>.ts` maps rows in each route), else the content unchanged.
 */
function ifHas(anchor: string, step: (c: string) => string | null): (c: string) => string | null {
  return (c) => (c.includes(anchor) ? step(c) : c);
}

/** Applies edits in order; null as soon as one anchor is missing. */
function chain(content: string, ...steps: ((c: string) => string | null)[]): string | null {
  let out: string | null = content;
  for (const step of steps) {
    if (out === null) return null;
    out = step(out);
  }
  return out;
}

/** A function-side line reading the field from a request body as trimmed text (at most 2,000 characters). */
function readText(f: FieldName, from: string): string {
  return `(typeof ${from}.${f.key} === 'string' ? ${from}.${f.key}.trim().slice(0, 2000) : null)`;
}

/** The last line of a task's row mapping (`toTodo`), and of a note's (`toNote`); the field's line goes after it. */
const TODO_ROW = '    createdAt: Number(row.created_at),\n';
const NOTE_ROW = '    updatedAt: Number(row.updated_at),\n';
/** The last line of `checkNote`'s answer: the field's checked value goes after it. */
const NOTE_CHECK = "    pinned: typeof pinned === 'boolean' ? pinned : null,\n";

function mappedLine(f: FieldName): string {
  return `    ${f.key}: String(row.${f.column} ?? ''),\n`;
}

function mapColumn(content: string, anchor: string, f: FieldName): string | null {
  return after(content, anchor, mappedLine(f));
}

function checkedLine(f: FieldName): string {
  return `    ${f.key}: ${readText(f, 'body')},\n`;
}

function checkColumn(content: string, f: FieldName): string | null {
  return after(content, NOTE_CHECK, checkedLine(f));
}

const TODO: Entity = {
  table: 'todos',
  noun: 'task',
  ui: 'the add form has an input for it and each task shows it',
  taken: ['id', 'title', 'dueDate', 'done', 'createdAt', 'extra'],
  mapped: (f) => [mappedLine(f)],
  edits: [
    ...[`${API}/todos/route.ts`, `${API}/todos/[id]/route.ts`].map((filePath) => ({
      filePath,
      apply: (c: string, f: FieldName) =>
        chain(
          c,
          ifHas(TODO_ROW, (x) => mapColumn(x, TODO_ROW, f)),
          (x) =>
            filePath.endsWith('[id]/route.ts')
              ? before(
                  x,
                  '      done = COALESCE(',
                  `      "${f.column}" = COALESCE(\${${readText(f, 'body')}}, "${f.column}"),\n`,
                )
              : chain(
                  x,
                  (y) =>
                    after(y, 'INSERT INTO todos (id, title, due_date, done, created_at', `, "${f.column}"`),
                  (y) => after(y, `false, \${Date.now()}`, `, \${${readText(f, 'body')} ?? ''}`),
                ),
        ),
    })),
    { filePath: `${API}/utils/todo-list.ts`, optional: true, apply: (c, f) => mapColumn(c, TODO_ROW, f) },
    {
      filePath: 'apps/web/src/app/page.tsx',
      apply: (c) =>
        chain(
          c,
          (x) =>
            x.includes('function addTodo(title, dueDate, extra = {})')
              ? x
              : after(x, 'function addTodo(title, dueDate', ', extra = {}'),
          (x) =>
            x.includes('      ...extra,\n')
              ? x
              : after(x, '      createdAt: Date.now(),\n', '      ...extra,\n'),
          (x) =>
            x.includes('{ id: todo.id, title, dueDate, ...extra }')
              ? x
              : after(x, "api('POST', '/api/todos', { id: todo.id, title, dueDate", ', ...extra'),
        ),
    },
    {
      filePath: `${COMPONENTS}/AddTodoForm.tsx`,
      apply: (c, f, a) =>
        chain(
          c,
          (x) =>
            after(
              x,
              "  const [dueDate, setDueDate] = useState('');\n",
              `  const [${f.key}, ${setter(f)}] = useState('');\n`,
            ),
          (x) => after(x, "    setDueDate('');\n", `    ${setter(f)}('');\n`),
          (x) => {
            const call = /props\.onAdd\(trimmed, dueDate(?:, \{ ([^}]*) \})?\);/.exec(x);
            if (!call) return null;
            const keys = [...(call[1] ? call[1].split(', ') : []), f.key];
            return x.replace(call[0], `props.onAdd(trimmed, dueDate, { ${keys.join(', ')} });`);
          },
          (x) =>
            before(
              x,
              '        <div className="flex gap-3">\n',
              `        <label className="sr-only" htmlFor="todo-${f.column}">
          ${jsxText(f.label)}
        </label>
        <input
          id="todo-${f.column}"
          name="${f.key}"
          type="text"
          value={${f.key}}
          onChange={(e) => ${setter(f)}(e.target.value)}
          placeholder=${jsxAttr(f.label)}
          autoComplete="off"
          className="min-w-0 rounded-xl border border-slate-200 bg-slate-50 px-4 py-2.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-${a}-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-${a}-100 sm:w-36"
        />
`,
            ),
        ),
    },
    {
      filePath: `${COMPONENTS}/TodoItem.tsx`,
      apply: (c, f) =>
        before(
          c,
          '      </div>\n      <button\n        type="button"\n        onClick={() => onDelete(todo.id)}',
          `        {todo.${f.key} && (
          <span className={(badgeText ? 'ml-1.5 ' : '') + 'mt-1 inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600'}>
            ${jsxText(f.label)}: {todo.${f.key}}
          </span>
        )}
`,
        ),
    },
  ],
};

const NOTE: Entity = {
  table: 'notes',
  noun: 'note',
  ui: 'the editor has an input for it and the note list shows it',
  taken: ['id', 'title', 'body', 'tags', 'pinned', 'updatedAt'],
  mapped: (f) => [mappedLine(f), checkedLine(f)],
  edits: [
    ...[`${API}/notes/route.ts`, `${API}/notes/[id]/route.ts`].map((filePath) => ({
      filePath,
      apply: (c: string, f: FieldName) =>
        chain(
          c,
          ifHas(NOTE_ROW, (x) => mapColumn(x, NOTE_ROW, f)),
          ifHas(NOTE_CHECK, (x) => checkColumn(x, f)),
          (x) =>
            filePath.endsWith('[id]/route.ts')
              ? before(
                  x,
                  `      updated_at = \${Date.now()}`,
                  `      "${f.column}" = COALESCE(\${note.${f.key}}, "${f.column}"),\n`,
                )
              : chain(
                  x,
                  (y) =>
                    after(
                      y,
                      'INSERT INTO notes (id, title, body, tags, pinned, updated_at',
                      `, "${f.column}"`,
                    ),
                  (y) => after(y, `\${note.pinned ?? false}, \${Date.now()}`, `, \${note.${f.key} ?? ''}`),
                ),
        ),
    })),
    {
      filePath: `${API}/utils/notes.ts`,
      optional: true,
      apply: (c, f) =>
        chain(
          c,
          (x) => mapColumn(x, NOTE_ROW, f),
          (x) => checkColumn(x, f),
        ),
    },
    {
      filePath: `${COMPONENTS}/NoteEditor.tsx`,
      apply: (c, f, a) =>
        before(
          c,
          '      <textarea\n        name="body"',
          `      <input
        name="${f.key}"
        value={note.${f.key} || ''}
        onChange={(e) => onChange({ ${f.key}: e.target.value })}
        placeholder=${jsxAttr(f.label)}
        aria-label=${jsxAttr(f.label)}
        className="mt-3 w-full rounded-lg border-0 bg-slate-50 px-3 py-2 text-sm text-slate-600 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-${a}-200"
      />
`,
        ),
    },
    {
      filePath: `${COMPONENTS}/NoteCard.tsx`,
      apply: (c, f) =>
        after(
          c,
          '          <span>{when}</span>\n',
          `          {note.${f.key} && <span className="truncate text-slate-500">{note.${f.key}}</span>}\n`,
        ),
    },
  ],
};

const LEAD: Entity = {
  table: 'leads',
  noun: 'lead',
  ui: 'the lead form asks for it and the CSV export includes it',
  taken: ['id', 'name', 'email', 'company', 'teamSize', 'message', 'consent', 'createdAt'],
  edits: [
    {
      filePath: `${API}/leads/route.ts`,
      apply: (c, f) =>
        chain(
          c,
          (x) =>
            after(
              x,
              '  const message = text(body.message);\n',
              `  const ${f.key} = text(body.${f.key}).slice(0, 2000);\n`,
            ),
          (x) =>
            after(x, 'INSERT INTO leads (id, name, email, company, team_size, message', `, "${f.column}"`),
          (x) => after(x, `\${teamSize}, \${message}`, `, \${${f.key}}`),
        ),
    },
    {
      filePath: `${COMPONENTS}/LeadForm.tsx`,
      apply: (c, f) =>
        before(
          c,
          '        <label className="text-sm font-medium text-slate-700 sm:col-span-2">\n          What would you like help with?',
          `        <label className="text-sm font-medium text-slate-700 sm:col-span-2">
          ${jsxText(f.label)}
          <input name="${f.key}" className={field + ok} />
        </label>
`,
        ),
    },
    {
      filePath: 'apps/web/src/app/leads/page.tsx',
      apply: (c, f) =>
        after(
          c,
          "const columns = ['name', 'email', 'company', 'teamSize', 'message'",
          `, ${jsString(f.key)}`,
        ),
    },
  ],
};

function setter(f: FieldName): string {
  return `set${f.key[0]?.toUpperCase()}${f.key.slice(1)}`;
}

function jsxAttr(text: string): string {
  return `"${text.replace(/["{}<>]/g, '')}"`;
}

/** The entity of a project that can take a field: the app's components and functions tell which. */
function entityOf(modules: Map<string, GenModule>): Entity | null {
  for (const e of [TODO, NOTE, LEAD]) {
    if (modules.has(e.edits[0]?.filePath ?? '')) return e;
  }
  return null;
}

/**
 * Adds a text field to the project's entity: edits the modules in place and returns the migration and the
 * sentence for the reply; without a table-backed entity, or when the code no longer has the builtin's anchors,
 * changes nothing and says why.
 */
export function addField(modules: Map<string, GenModule>, field: FieldName): AddFieldOutcome {
  const entity = entityOf(modules);
  if (!entity) {
    return {
      note: `I can add fields to the tasks of a todo app, the notes of a notes app and the lead form; this app has none of them, so "${field.label}" needs a language model.`,
    };
  }
  const has = (m: GenModule | undefined) => m && new RegExp(`\\bname="${field.key}"`).test(m.content);
  if (entity.taken.includes(field.key) || [...modules.values()].some(has)) {
    return { note: `Each ${entity.noun} already has a "${field.label}" field.` };
  }
  const accent = detectAccent([...modules.values()].map((m) => m.content)) ?? 'indigo';
  const changed = new Map<string, string>();
  const notBuiltin = (filePath: string) => ({
    note: `I could not add "${field.label}": \`${filePath}\` is no longer the builtin's code, so a language model is needed for this change.`,
  });
  for (const edit of entity.edits) {
    const module = modules.get(edit.filePath);
    if (!module && edit.optional) continue;
    const next = module ? edit.apply(changed.get(edit.filePath) ?? module.content, field, accent) : null;
    if (next === null) return notBuiltin(edit.filePath);
    changed.set(edit.filePath, next);
  }
  const written = [...changed.values()];
  if (entity.mapped?.(field).some((line) => !written.some((c) => c.includes(line)))) {
    return notBuiltin(entity.edits.find((e) => e.optional)?.filePath ?? entity.edits[0]?.filePath ?? '');
  }
  for (const [path, content] of changed) {
    const module = modules.get(path);
    if (module) module.content = content;
  }
  return {
    migration: {
      name: `add_${field.column}_to_${entity.table}`,
      sql: `ALTER TABLE ${entity.table} ADD COLUMN "${field.column}" text NOT NULL DEFAULT '';`,
    },
    done: `Added a "${field.label}" text field to each ${entity.noun}: the column \`${field.column}\` in the \`${entity.table}\` table (a new migration), the functions read and write it, and ${entity.ui}.`,
  };
}
