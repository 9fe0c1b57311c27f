import { useEffect, useState } from 'react';
import { AlertCircle, ArrowLeft, Loader2, Plus, Search, Star, Users } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ContactDetail from '@/components/ContactDetail';
import ContactForm from '@/components/ContactForm';

function isoDay(offset) {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
}

function initials(name) {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0].toUpperCase()).join('') || '?';
}

export default function HomePage() {
  const storageKey = 'kiln-slug.contacts';

  function starterContacts() {
    return [
      {
        id: 'c-amara',
        name: 'Amara Okafor',
        email: 'amara@brightpath.io',
        phone: '+44 20 7946 0312',
        company: 'Brightpath',
        role: 'Head of Partnerships',
        tags: ['client', 'priority'],
        favorite: true,
        notes: 'Renewal due in March. Prefers a call on Tuesday mornings.',
        lastContacted: isoDay(-3),
      },
      {
        id: 'c-daniel',
        name: 'Daniel Reyes',
        email: 'daniel.reyes@fernandcopper.com',
        phone: '+1 415 555 0142',
        company: 'Fern & Copper',
        role: 'Founder',
        tags: ['lead'],
        favorite: false,
        notes: 'Met at the Lisbon design meetup. Interested in the annual plan.',
        lastContacted: isoDay(-12),
      },
      {
        id: 'c-hana',
        name: 'Hana Sato',
        email: 'hana@kumostudio.jp',
        phone: '+81 3 5555 0198',
        company: 'Kumo Studio',
        role: 'Art Director',
        tags: ['partner'],
        favorite: true,
        notes: 'Shared the illustration brief. Waiting for her first sketches.',
        lastContacted: isoDay(-1),
      },
      {
        id: 'c-liam',
        name: 'Liam Walsh',
        email: 'liam.walsh@harbourlegal.ie',
        phone: '+353 1 555 0176',
        company: 'Harbour Legal',
        role: 'Solicitor',
        tags: ['supplier'],
        favorite: false,
        notes: 'Reviewing the new contractor agreement.',
        lastContacted: isoDay(-40),
      },
      {
        id: 'c-priya',
        name: 'Priya Nair',
        email: 'priya@northwindlabs.com',
        phone: '+91 80 5555 0123',
        company: 'Northwind Labs',
        role: 'Product Manager',
        tags: ['client'],
        favorite: false,
        notes: 'Asked for a demo of the reporting features next week.',
        lastContacted: '',
      },
      {
        id: 'c-marco',
        name: 'Marco Bianchi',
        email: 'marco@trattoriabianchi.it',
        phone: '+39 06 5555 0111',
        company: 'Trattoria Bianchi',
        role: 'Owner',
        tags: ['lead', 'events'],
        favorite: false,
        notes: 'Wants a quote for the summer tasting evenings.',
        lastContacted: isoDay(-7),
      },
    ];
  }

  function savedContacts() {
    try {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) || 'null');
      return Array.isArray(saved) ? saved : starterContacts();
    } catch {
      return starterContacts();
    }
  }

  // 'loading' until /api/contacts answers, then 'server' (the app's database) or 'local' (this browser only).
  const [source, setSource] = useState('loading');
  const [contacts, setContacts] = useState([]);
  const [selectedId, setSelectedId] = useState(null);
  // null: no form; 'new': adding; otherwise the id of the contact being edited.
  const [editing, setEditing] = useState(null);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState('all');

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(''), 4500);
    return () => clearTimeout(timer);
  }, [notice]);

  function show(list) {
    setContacts(list);
    if (window.matchMedia('(min-width: 768px)').matches && list.length > 0) {
      setSelectedId(list.slice().sort((x, y) => x.name.localeCompare(y.name))[0].id);
    }
  }

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/contacts', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.contacts)) {
          show(data.contacts);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          show(savedContacts());
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
      window.localStorage.setItem(storageKey, JSON.stringify(contacts));
    } catch {
      // Storage can be full or disabled; contacts still work for this visit.
    }
  }, [contacts, source]);

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

  function saveContact(fields) {
    if (editing === 'new') {
      const contact = {
        id: Date.now().toString(36) + Math.random().toString(36).slice(2, 7),
        favorite: false,
        lastContacted: '',
        ...fields,
      };
      setContacts((current) => [...current, contact]);
      setSelectedId(contact.id);
      setEditing(null);
      if (source !== 'server') return;
      api('POST', '/api/contacts', contact).catch((error) => {
        setContacts((current) => current.filter((c) => c.id !== contact.id));
        setSelectedId(null);
        setNotice("Couldn't add the contact. " + error.message);
      });
      return;
    }
    const id = editing;
    setEditing(null);
    updateContact(id, fields);
  }

  function updateContact(id, changes) {
    const before = contacts.find((c) => c.id === id);
    if (!before) return;
    setContacts((current) => current.map((c) => (c.id === id ? { ...c, ...changes } : c)));
    if (source !== 'server') return;
    api('PATCH', '/api/contacts/' + encodeURIComponent(id), changes).catch((error) => {
      setContacts((current) => current.map((c) => (c.id === id ? before : c)));
      setNotice("Couldn't save the change. " + error.message);
    });
  }

  function deleteContact(id) {
    const removed = contacts.find((c) => c.id === id);
    if (!removed) return;
    setContacts((current) => current.filter((c) => c.id !== id));
    setSelectedId(null);
    if (source !== 'server') return;
    api('DELETE', '/api/contacts/' + encodeURIComponent(id)).catch((error) => {
      setContacts((current) => [...current, removed]);
      setNotice("Couldn't delete the contact. " + error.message);
    });
  }

  const tags = Array.from(new Set(contacts.flatMap((c) => c.tags))).sort();
  const needle = query.trim().toLowerCase();
  const visible = contacts
    .filter((c) => filter === 'all' || (filter === 'favorites' ? c.favorite : c.tags.includes(filter)))
    .filter((c) => !needle || [c.name, c.email, c.company, c.role, c.phone, c.tags.join(' ')].join(' ').toLowerCase().includes(needle))
    .slice()
    .sort((x, y) => x.name.localeCompare(y.name));
  const groups = [];
  for (const c of visible) {
    const letter = (c.name[0] || '#').toUpperCase();
    const last = groups[groups.length - 1];
    if (last && last.letter === letter) last.items.push(c);
    else groups.push({ letter, items: [c] });
  }
  const selected = contacts.find((c) => c.id === selectedId) || null;
  const formContact = editing && editing !== 'new' ? contacts.find((c) => c.id === editing) : null;
  const showPane = Boolean(selected || editing);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 md:grid-cols-[340px_1fr] md:py-8">
        <aside className={showPane ? 'hidden md:block' : 'block'}>
          <div className="flex items-center justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold tracking-tight">Contacts</h1>
              <p className="text-sm text-slate-500">
                {contacts.length} {contacts.length === 1 ? 'person' : 'people'} · {contacts.filter((c) => c.favorite).length} favourites
              </p>
            </div>
            <button
              type="button"
              onClick={() => setEditing('new')}
              className="inline-flex items-center gap-1.5 rounded-xl bg-kiln-hue-600 px-3.5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-700"
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              New contact
            </button>
          </div>
          <label className="relative mt-4 block">
            <span className="sr-only">Search contacts</span>
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              name="search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search name, company, email…"
              className="w-full rounded-xl border border-slate-200 bg-white py-2.5 pl-9 pr-3 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
            />
          </label>
          {/* biome-ignore lint/a11y/useSemanticElements: kiln: the generated filter bar is a div with role group. */}
          <div className="mt-3 flex flex-wrap gap-1.5" role="group" aria-label="Filter contacts">
            {['all', 'favorites', ...tags].map((f) => (
              <button
                key={f}
                type="button"
                onClick={() => setFilter(f)}
                aria-pressed={filter === f}
                className={filter === f ? 'inline-flex items-center gap-1 rounded-full bg-kiln-hue-600 px-3 py-1 text-xs font-medium text-white' : 'inline-flex items-center gap-1 rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100'}
              >
                {f === 'favorites' && <Star className="h-3 w-3" aria-hidden="true" />}
                {f === 'all' ? 'All' : f === 'favorites' ? 'Favourites' : f}
              </button>
            ))}
          </div>

          <div className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
            {groups.map((group) => (
              <section key={group.letter} aria-label={group.letter}>
                <h2 className="sticky top-0 bg-slate-50 px-4 py-1 text-xs font-semibold text-slate-500">{group.letter}</h2>
                <ul>
                  {group.items.map((c) => (
                    <li key={c.id}>
                      <button
                        type="button"
                        onClick={() => {
                          setSelectedId(c.id);
                          setEditing(null);
                        }}
                        className={
                          c.id === selectedId
                            ? 'flex w-full items-center gap-3 bg-kiln-hue-50 px-4 py-3 text-left'
                            : 'flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50'
                        }
                      >
                        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-kiln-hue-100 text-sm font-semibold text-kiln-hue-700">
                          {initials(c.name)}
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-medium text-slate-900">{c.name}</span>
                          <span className="block truncate text-xs text-slate-500">
                            {[c.role, c.company].filter(Boolean).join(' · ') || c.email}
                          </span>
                        </span>
                        {c.favorite && <Star className="h-4 w-4 shrink-0 fill-amber-400 text-amber-400" aria-label="Favourite" />}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            {visible.length === 0 && source !== 'loading' && (
              <p className="p-6 text-center text-sm text-slate-500">
                {contacts.length === 0 ? 'No contacts yet. Add the first one.' : 'Nobody matches your search.'}
              </p>
            )}
          </div>
          <div className="mt-3 flex min-h-[1.25rem] justify-center text-xs text-slate-400">
            {source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading contacts…
            </span>
          )}
            {source === 'server' && <span>Saved in the app's database</span>}
            {source === 'local' && <span>Saved in this browser</span>}
          </div>
        </aside>

        <section className={showPane ? 'block' : 'hidden md:block'}>
          {showPane && (
            <button
              type="button"
              onClick={() => {
                setSelectedId(null);
                setEditing(null);
              }}
              className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 md:hidden"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              All contacts
            </button>
          )}
          {editing ? (
            <ContactForm
              key={editing}
              contact={formContact}
              onSave={saveContact}
              onCancel={() => setEditing(null)}
            />
          ) : selected ? (
            <ContactDetail
              contact={selected}
              onEdit={() => setEditing(selected.id)}
              onChange={(changes) => updateContact(selected.id, changes)}
              onDelete={() => deleteContact(selected.id)}
            />
          ) : (
            <div className="flex h-full min-h-[420px] flex-col items-center justify-center rounded-3xl border border-dashed border-slate-300 bg-white/60 p-10 text-center">
              <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-kiln-hue-100 text-kiln-hue-600">
                <Users className="h-7 w-7" aria-hidden="true" />
              </span>
              <h2 className="mt-4 text-lg font-semibold">Pick a contact</h2>
              <p className="mt-1 max-w-sm text-sm text-slate-500">
                {source === 'server' ? "Your contacts are saved in the app's database." : 'Your contacts are saved in this browser.'}
              </p>
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
