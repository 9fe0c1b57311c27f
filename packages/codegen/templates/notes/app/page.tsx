import { useEffect, useRef, useState } from 'react';
import { AlertCircle, ArrowLeft, Loader2, Plus, Search, StickyNote } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import NoteCard from '@/components/NoteCard';
import NoteEditor from '@/components/NoteEditor';

export default function HomePage() {
  const storageKey = 'kiln-slug.notes';

  function starterNotes() {
    const now = Date.now();
    return [
      {
        id: 'welcome',
        title: 'Welcome to your notes',
        body: 'Write anything here: ideas, lists, meeting notes.\n\nPin a note to keep it at the top, add tags to group notes, and use the search box to find any note by a word you remember. Everything is saved as you type.',
        tags: ['getting-started'],
        pinned: true,
        updatedAt: now,
      },
      {
        id: 'weekly-plan',
        title: 'Weekly plan',
        body: 'Monday: finish the proposal draft\nWednesday: team lunch at noon\nFriday: review the budget and send the summary',
        tags: ['work'],
        pinned: false,
        updatedAt: now - 1000 * 60 * 60 * 5,
      },
      {
        id: 'book-ideas',
        title: 'Books to read',
        body: 'The Design of Everyday Things\nAtomic Habits\nA Psalm for the Wild-Built',
        tags: ['personal', 'reading'],
        pinned: false,
        updatedAt: now - 1000 * 60 * 60 * 30,
      },
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

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(''), 4500);
    return () => clearTimeout(timer);
  }, [notice]);

  // On wide screens the editor is beside the list, so open the first note; on phones start with the list.
  function show(list) {
    setNotes(list);
    if (window.matchMedia('(min-width: 768px)').matches && list.length > 0) setSelectedId(list[0].id);
  }

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/notes', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.notes)) {
          show(data.notes);
          setSource(kiln.serverSource);
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          show(savedNotes());
          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(notes));
    } catch {
      // Storage can be full or disabled; notes still work for this visit.
    }
  }, [notes, source]);

  async function api(method, path, body) {
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
  }

  // With a backend: edits not sent yet, per note. They go out once typing pauses, after the note's own
  // creation (`created` resolves to whether it worked).
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

  kiln.signInScreen;
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
                className="w-full rounded-xl border border-slate-200 bg-white py-2.5 pl-9 pr-3 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
              />
            </label>
            <button
              type="button"
              onClick={createNote}
              className="inline-flex items-center gap-1.5 rounded-xl bg-kiln-hue-500 px-3.5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-600"
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
                  className={activeTag === tag ? 'rounded-full bg-kiln-hue-500 px-3 py-1 text-xs font-medium text-white' : 'rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100'}
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
            {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading notes…
            </span>
          )}
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
              <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-kiln-hue-100 text-kiln-hue-600">
                <StickyNote className="h-7 w-7" aria-hidden="true" />
              </span>
              <h2 className="mt-4 text-lg font-semibold">Pick a note or start a new one</h2>
              <p className="mt-1 max-w-sm text-sm text-slate-500">
                {source === 'server' ? "Your notes are saved in the app's database as you type." : 'Your notes are saved in this browser as you type.'}
              </p>
              <button type="button" onClick={createNote} className="mt-5 inline-flex items-center gap-1.5 rounded-xl bg-kiln-hue-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-600">
                <Plus className="h-4 w-4" aria-hidden="true" />
                New note
              </button>
            </div>
          )}
        </section>
      </main>
      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}
    </div>
  );
}
