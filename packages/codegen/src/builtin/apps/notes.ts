/**
 * The builtin NOTES_APP: write, search, tag, pin and delete notes in a two-pane layout (one pane at a time
 * on phones). With a backend the notes live in the app's `notes` table behind `/api/notes` and
 * `/api/notes/[id]` (edits are sent once typing pauses); without one they stay in localStorage as before.
 * @module
 */
import { jsString } from '../format.ts';
import {
  API_CALLER,
  loadingHint,
  loadOnMount,
  NOTICE_STATE,
  NOTICE_TOAST,
  READ_BODY,
  SQL_IMPORT,
  sqlText,
} from './backend.ts';
import {
  type AppContext,
  apiRoute,
  appHeader,
  type BuiltApp,
  type BuiltMigration,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

/** The starter notes: id, title, body, tags, pinned, hours since the last edit. */
const STARTER_NOTES: {
  id: string;
  title: string;
  body: string;
  tags: string[];
  pinned: boolean;
  hoursAgo: number;
}[] = [
  {
    id: 'welcome',
    title: 'Welcome to your notes',
    body: 'Write anything here: ideas, lists, meeting notes.\n\nPin a note to keep it at the top, add tags to group notes, and use the search box to find any note by a word you remember. Everything is saved as you type.',
    tags: ['getting-started'],
    pinned: true,
    hoursAgo: 0,
  },
  {
    id: 'weekly-plan',
    title: 'Weekly plan',
    body: 'Monday: finish the proposal draft\nWednesday: team lunch at noon\nFriday: review the budget and send the summary',
    tags: ['work'],
    pinned: false,
    hoursAgo: 5,
  },
  {
    id: 'book-ideas',
    title: 'Books to read',
    body: 'The Design of Everyday Things\nAtomic Habits\nA Psalm for the Wild-Built',
    tags: ['personal', 'reading'],
    pinned: false,
    hoursAgo: 30,
  },
];

/** Builds the notes app. */
export function notesApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const starter = STARTER_NOTES.map((n) =>
    [
      '      {',
      `        id: ${jsString(n.id)},`,
      `        title: ${jsString(n.title)},`,
      `        body: ${jsString(n.body)},`,
      `        tags: [${n.tags.map(jsString).join(', ')}],`,
      `        pinned: ${n.pinned},`,
      `        updatedAt: ${n.hoursAgo === 0 ? 'now' : `now - 1000 * 60 * 60 * ${n.hoursAgo}`},`,
      '      },',
    ].join('\n'),
  ).join('\n');
  const home = page(
    '',
    `
import { useEffect, useRef, useState } from 'react';
import { AlertCircle, ArrowLeft, Loader2, Plus, Search, StickyNote } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import NoteCard from '@/components/NoteCard';
import NoteEditor from '@/components/NoteEditor';

export default function HomePage() {
  const storageKey = ${jsString(`${slugKey(ctx.title)}.notes`)};

  function starterNotes() {
    const now = Date.now();
    return [
${starter}
    ];
  }

  function savedNotes() {
    try {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) || 'null');
      return Array.isArray(saved) ? saved : starterNotes();
    } catch {
      return starterNotes();
    }
  }

  // 'loading' until /api/notes answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [notes, setNotes] = useState([]);
  const [selectedId, setSelectedId] = useState(null);
  const [query, setQuery] = useState('');
  const [activeTag, setActiveTag] = useState('');

${documentTitleEffect(ctx.title)}

${NOTICE_STATE}

  // On wide screens the editor is beside the list, so open the first note; on phones start with the list.
  function show(list) {
    setNotes(list);
    if (window.matchMedia('(min-width: 768px)').matches && list.length > 0) setSelectedId(list[0].id);
  }

${loadOnMount({
  path: '/api/notes',
  accept: 'data && Array.isArray(data.notes)',
  onServer: 'show(data.notes);',
  onLocal: 'show(savedNotes());',
})}

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(notes));
    } catch {
      // Storage can be full or disabled; notes still work for this visit.
    }
  }, [notes, source]);

${API_CALLER}

  // With a backend: edits not sent yet, per note. They go out once typing pauses, after the note's own
  // creation (\`created\` resolves to whether it worked).
  const pending = useRef({});

  function entryFor(id) {
    if (!pending.current[id]) pending.current[id] = { changes: {}, timer: null, created: Promise.resolve(true) };
    return pending.current[id];
  }

  function flush(id) {
    const entry = pending.current[id];
    if (!entry || Object.keys(entry.changes).length === 0) return;
    const changes = entry.changes;
    entry.changes = {};
    clearTimeout(entry.timer);
    entry.created
      .then((ok) => ok && api('PATCH', '/api/notes/' + encodeURIComponent(id), changes))
      .catch((error) => setNotice("Couldn't save your last change. " + error.message));
  }

  // Leaving the page sends what is still waiting.
  useEffect(
    () => () => {
      for (const id of Object.keys(pending.current)) flush(id);
    },
    [],
  );

  function createNote() {
    const note = {
      id: Date.now().toString(36) + Math.random().toString(36).slice(2, 7),
      title: '',
      body: '',
      tags: activeTag ? [activeTag] : [],
      pinned: false,
      updatedAt: Date.now(),
    };
    setNotes((current) => [note, ...current]);
    setSelectedId(note.id);
    if (source !== 'server') return;
    entryFor(note.id).created = api('POST', '/api/notes', note).then(
      () => true,
      (error) => {
        setNotes((current) => current.filter((n) => n.id !== note.id));
        setSelectedId((current) => (current === note.id ? null : current));
        setNotice("Couldn't create the note. " + error.message);
        return false;
      },
    );
  }

  function updateNote(id, changes) {
    setNotes((current) => current.map((n) => (n.id === id ? { ...n, ...changes, updatedAt: Date.now() } : n)));
    if (source !== 'server') return;
    const entry = entryFor(id);
    entry.changes = { ...entry.changes, ...changes };
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => flush(id), 600);
  }

  function deleteNote(id) {
    const removed = notes.find((n) => n.id === id);
    setNotes((current) => current.filter((n) => n.id !== id));
    setSelectedId(null);
    if (source !== 'server' || !removed) return;
    const entry = entryFor(id);
    clearTimeout(entry.timer);
    delete pending.current[id];
    entry.created
      .then((ok) => ok && api('DELETE', '/api/notes/' + encodeURIComponent(id)))
      .catch((error) => {
        setNotes((current) => [removed, ...current]);
        setNotice("Couldn't delete the note. " + error.message);
      });
  }

  const allTags = Array.from(new Set(notes.flatMap((n) => n.tags))).sort();
  const needle = query.trim().toLowerCase();
  const visible = notes
    .filter((n) => !activeTag || n.tags.includes(activeTag))
    .filter((n) => !needle || (n.title + ' ' + n.body + ' ' + n.tags.join(' ')).toLowerCase().includes(needle))
    .slice()
    .sort((x, y) => (x.pinned === y.pinned ? y.updatedAt - x.updatedAt : x.pinned ? -1 : 1));
  const selected = notes.find((n) => n.id === selectedId) || null;

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 md:grid-cols-[320px_1fr] md:py-8">
        <aside className={selected ? 'hidden md:block' : 'block'}>
          <div className="flex items-center gap-2">
            <label className="relative flex-1">
              <span className="sr-only">Search notes</span>
              <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
              <input
                name="search"
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Search notes"
                className="w-full rounded-xl border border-slate-200 bg-white py-2.5 pl-9 pr-3 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
              />
            </label>
            <button
              type="button"
              onClick={createNote}
              className="inline-flex items-center gap-1.5 rounded-xl bg-${a}-500 px-3.5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-${a}-600"
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              New
            </button>
          </div>

          {allTags.length > 0 && (
            <div className="mt-3 flex flex-wrap gap-1.5">
              <button
                type="button"
                onClick={() => setActiveTag('')}
                className={activeTag === '' ? 'rounded-full bg-slate-900 px-3 py-1 text-xs font-medium text-white' : 'rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100'}
              >
                All
              </button>
              {allTags.map((tag) => (
                <button
                  key={tag}
                  type="button"
                  onClick={() => setActiveTag(activeTag === tag ? '' : tag)}
                  className={activeTag === tag ? 'rounded-full bg-${a}-500 px-3 py-1 text-xs font-medium text-white' : 'rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100'}
                >
                  #{tag}
                </button>
              ))}
            </div>
          )}

          <ul className="mt-4 space-y-2">
            {visible.map((note) => (
              <NoteCard key={note.id} note={note} active={note.id === selectedId} onSelect={() => setSelectedId(note.id)} />
            ))}
          </ul>
          {visible.length === 0 && source !== 'loading' && (
            <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
              {notes.length === 0 ? 'No notes yet. Create your first one.' : 'No notes match your search.'}
            </p>
          )}
          <div className="mt-4 flex min-h-[1.25rem] justify-center">
            ${loadingHint('Loading notes…')}
          </div>
        </aside>

        <section className={selected ? 'block' : 'hidden md:block'}>
          {selected ? (
            <div>
              <button
                type="button"
                onClick={() => setSelectedId(null)}
                className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 md:hidden"
              >
                <ArrowLeft className="h-4 w-4" aria-hidden="true" />
                All notes
              </button>
              <NoteEditor
                key={selected.id}
                note={selected}
                onChange={(changes) => updateNote(selected.id, changes)}
                onDelete={() => deleteNote(selected.id)}
              />
            </div>
          ) : (
            <div className="flex h-full min-h-[420px] flex-col items-center justify-center rounded-3xl border border-dashed border-slate-300 bg-white/60 p-10 text-center">
              <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-${a}-100 text-${a}-600">
                <StickyNote className="h-7 w-7" aria-hidden="true" />
              </span>
              <h2 className="mt-4 text-lg font-semibold">Pick a note or start a new one</h2>
              <p className="mt-1 max-w-sm text-sm text-slate-500">
                {source === 'server' ? "Your notes are saved in the app's database as you type." : 'Your notes are saved in this browser as you type.'}
              </p>
              <button type="button" onClick={createNote} className="mt-5 inline-flex items-center gap-1.5 rounded-xl bg-${a}-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-${a}-600">
                <Plus className="h-4 w-4" aria-hidden="true" />
                New note
              </button>
            </div>
          )}
        </section>
      </main>
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const card = component(
    'NoteCard',
    `
import { Pin } from 'lucide-react';

export default function NoteCard(props) {
  const { note, active, onSelect } = props;
  const excerpt = note.body.replace(/\\s+/g, ' ').trim();
  const when = new Date(note.updatedAt).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        className={
          active
            ? 'w-full rounded-2xl border border-${a}-300 bg-${a}-50 p-4 text-left shadow-sm ring-2 ring-${a}-200'
            : 'w-full rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm transition hover:border-${a}-200 hover:shadow'
        }
      >
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-1 font-semibold text-slate-900">{note.title || 'Untitled note'}</h3>
          {note.pinned && <Pin className="h-4 w-4 shrink-0 fill-${a}-400 text-${a}-500" aria-label="Pinned" />}
        </div>
        <p className="mt-1 line-clamp-2 text-sm text-slate-500">{excerpt || 'No content yet'}</p>
        <div className="mt-3 flex items-center gap-2 text-xs text-slate-400">
          <span>{when}</span>
          {note.tags.slice(0, 3).map((tag) => (
            <span key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-600">
              #{tag}
            </span>
          ))}
        </div>
      </button>
    </li>
  );
}
`,
  );

  const editor = component(
    'NoteEditor',
    `
import { Pin, PinOff, Trash2 } from 'lucide-react';

export default function NoteEditor(props) {
  const { note, onChange, onDelete } = props;
  const words = note.body.trim() ? note.body.trim().split(/\\s+/).length : 0;

  function setTags(text) {
    const tags = text
      .split(',')
      .map((t) => t.trim().toLowerCase().replace(/^#/, '').replace(/\\s+/g, '-'))
      .filter(Boolean);
    onChange({ tags: Array.from(new Set(tags)) });
  }

  return (
    <article className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-slate-400">
          Edited {new Date(note.updatedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })} · {words} {words === 1 ? 'word' : 'words'}
        </p>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => onChange({ pinned: !note.pinned })}
            aria-label={note.pinned ? 'Unpin note' : 'Pin note'}
            className={note.pinned ? 'rounded-lg bg-${a}-100 p-2 text-${a}-700' : 'rounded-lg p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700'}
          >
            {note.pinned ? <PinOff className="h-4 w-4" aria-hidden="true" /> : <Pin className="h-4 w-4" aria-hidden="true" />}
          </button>
          <button
            type="button"
            onClick={() => {
              if (window.confirm('Delete this note?')) onDelete();
            }}
            aria-label="Delete note"
            className="rounded-lg p-2 text-slate-400 hover:bg-red-50 hover:text-red-600"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      <input
        name="title"
        value={note.title}
        onChange={(e) => onChange({ title: e.target.value })}
        placeholder="Title"
        className="mt-4 w-full border-0 bg-transparent p-0 text-2xl font-bold tracking-tight text-slate-900 placeholder:text-slate-300 focus:outline-none sm:text-3xl"
      />
      <input
        name="tags"
        defaultValue={note.tags.join(', ')}
        onBlur={(e) => setTags(e.target.value)}
        placeholder="Tags, separated by commas"
        className="mt-3 w-full rounded-lg border-0 bg-slate-50 px-3 py-2 text-sm text-slate-600 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-${a}-200"
      />
      <textarea
        name="body"
        value={note.body}
        onChange={(e) => onChange({ body: e.target.value })}
        placeholder="Start writing…"
        rows={16}
        className="mt-4 w-full resize-y border-0 bg-transparent p-0 leading-relaxed text-slate-700 placeholder:text-slate-300 focus:outline-none"
      />
    </article>
  );
}
`,
  );

  return {
    migrations: [notesMigration()],
    modules: [
      notesRoute(),
      noteRoute(),
      home,
      appHeader(ctx, { icon: 'StickyNote', links: [{ href: '/', label: 'Notes' }], maxWidth: 'max-w-6xl' }),
      card,
      editor,
    ],
    plan: [
      `Build "${ctx.title}", a notes app.`,
      '- Table `notes` (id, title, body, tags, pinned, updated_at) with three starter notes.',
      '- Functions: `/api/notes` (GET pinned first, POST) and `/api/notes/[id]` (PATCH title/body/tags/pinned, DELETE; 404 when missing).',
      '- Page `/`: searchable, tag-filtered note list beside an editor; one pane at a time on phones. Edits show at once and are sent when typing pauses.',
      '- Components: AppHeader, NoteCard, NoteEditor (title, tags, body, pin, delete, word count).',
      `- Without a backend the page keeps notes in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: create notes, search them, group them with tags and pin the important ones. Changes save automatically as you type.`,
      '',
      "Notes are stored in the app's database (table `notes`, through the functions `/api/notes` and `/api/notes/[id]`). Opened without its backend, the page keeps them in the browser instead.",
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'blue', 'amber')}`,
      `rename the app to ${otherName(ctx.title, 'Jotter', 'Notebook')}`,
      'add a page called About',
    ],
  };
}

/** The `notes` table with the starter notes. */
function notesMigration(): BuiltMigration {
  const now = '(extract(epoch from now()) * 1000)::bigint';
  const rows = STARTER_NOTES.map((n) => {
    const tags = `ARRAY[${n.tags.map(sqlText).join(', ')}]::text[]`;
    const at = n.hoursAgo === 0 ? now : `${now} - ${n.hoursAgo * 3600 * 1000}`;
    return `  (${sqlText(n.id)}, ${sqlText(n.title)}, ${sqlText(n.body)}, ${tags}, ${n.pinned}, ${at})`;
  });
  return {
    name: 'create_notes',
    sql: `CREATE TABLE notes (
  id text PRIMARY KEY,
  title text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  pinned boolean NOT NULL DEFAULT false,
  updated_at bigint NOT NULL
);
INSERT INTO notes (id, title, body, tags, pinned, updated_at) VALUES
${rows.join(',\n')};`,
  };
}

/** Function code shared by both note routes: the row → note mapping and input checks. */
const NOTE_HELPERS = `${READ_BODY}

/** A row of the notes table as the page uses it. */
function toNote(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    title: String(row.title ?? ''),
    body: String(row.body ?? ''),
    tags: Array.isArray(row.tags) ? row.tags.map(String) : [],
    pinned: row.pinned === true,
    updatedAt: Number(row.updated_at),
  };
}

/**
 * The fields a request sets, checked: title (at most 200 characters), body (100,000), tags (up to 20 words),
 * pinned. Absent fields are null; a wrong one gives an error message.
 */
function checkNote(body: Record<string, unknown>) {
  const { title, body: text, tags, pinned } = body;
  if (title !== undefined && (typeof title !== 'string' || title.length > 200)) {
    return { error: 'The title must be text of at most 200 characters.' };
  }
  if (text !== undefined && (typeof text !== 'string' || text.length > 100000)) {
    return { error: 'The note is too long (100,000 characters at most).' };
  }
  if (tags !== undefined && (!Array.isArray(tags) || tags.length > 20 || tags.some((t) => typeof t !== 'string' || t.length > 40))) {
    return { error: 'Tags must be a list of at most 20 short words.' };
  }
  if (pinned !== undefined && typeof pinned !== 'boolean') return { error: 'pinned must be true or false.' };
  return {
    title: typeof title === 'string' ? title : null,
    body: typeof text === 'string' ? text : null,
    tags: Array.isArray(tags) ? [...new Set(tags.map((t) => String(t).trim().toLowerCase()).filter(Boolean))] : null,
    pinned: typeof pinned === 'boolean' ? pinned : null,
  };
}`;

/** `/api/notes`: the list (pinned first, then most recently edited) and creating a note. */
function notesRoute() {
  return apiRoute(
    'notes',
    `
${SQL_IMPORT}

${NOTE_HELPERS}

/** Every note, pinned first, then the most recently edited. */
export async function GET() {
  const rows = await sql\`SELECT * FROM notes ORDER BY pinned DESC, updated_at DESC\`;
  return Response.json({ notes: rows.map(toNote) });
}

/** Creates a note: { title?, body?, tags?, pinned?, id? } (the page sends its own id to keep editing it). */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the note as JSON, e.g. { "title": "Ideas" }.');
  const note = checkNote(body);
  if ('error' in note) return badRequest(note.error);
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql\`
    INSERT INTO notes (id, title, body, tags, pinned, updated_at)
    VALUES (\${id}, \${note.title ?? ''}, \${note.body ?? ''}, \${note.tags ?? []}, \${note.pinned ?? false}, \${Date.now()})
    ON CONFLICT (id) DO NOTHING
    RETURNING *\`;
  if (!row) return Response.json({ error: 'A note with this id already exists.' }, { status: 409 });
  return Response.json({ note: toNote(row) }, { status: 201 });
}
`,
  );
}

/** `/api/notes/[id]`: one note — read, change, delete. */
function noteRoute() {
  return apiRoute(
    'notes/[id]',
    `
${SQL_IMPORT}

${NOTE_HELPERS}

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: 'That note no longer exists.' }, { status: 404 });
}

export async function GET(_request: Request, { params }: Context) {
  const [row] = await sql\`SELECT * FROM notes WHERE id = \${params.id}\`;
  return row ? Response.json({ note: toNote(row) }) : notFound();
}

/** Changes a note: any of { title, body, tags, pinned }; the others keep their values. */
export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the changes as JSON, e.g. { "pinned": true }.');
  const note = checkNote(body);
  if ('error' in note) return badRequest(note.error);
  const [row] = await sql\`
    UPDATE notes SET
      title = COALESCE(\${note.title}, title),
      body = COALESCE(\${note.body}, body),
      tags = COALESCE(\${note.tags}, tags),
      pinned = COALESCE(\${note.pinned}, pinned),
      updated_at = \${Date.now()}
    WHERE id = \${params.id}
    RETURNING *\`;
  return row ? Response.json({ note: toNote(row) }) : notFound();
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql\`DELETE FROM notes WHERE id = \${params.id} RETURNING id\`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
`,
  );
}
