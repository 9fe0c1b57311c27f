/**
 * The builtin CONTACT_MANAGEMENT app: a small CRM — a searchable A–Z contact list with tags and favourites,
 * a detail pane (email, phone, company, notes, when you last got in touch) and a form to add or edit a
 * contact. With a backend the contacts live in the app's `contacts` table behind `/api/contacts` and
 * `/api/contacts/[id]`; without one they stay in localStorage.
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

interface StarterContact {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  role: string;
  tags: string[];
  favorite: boolean;
  notes: string;
  /** Days ago you last got in touch (null: never). */
  lastContactedDaysAgo: number | null;
}

const STARTER_CONTACTS: StarterContact[] = [
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
    lastContactedDaysAgo: 3,
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
    lastContactedDaysAgo: 12,
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
    lastContactedDaysAgo: 1,
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
    lastContactedDaysAgo: 40,
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
    lastContactedDaysAgo: null,
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
    lastContactedDaysAgo: 7,
  },
];

/** Builds the contacts app. */
export function contactsApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const starter = STARTER_CONTACTS.map((c) =>
    [
      '      {',
      `        id: ${jsString(c.id)},`,
      `        name: ${jsString(c.name)},`,
      `        email: ${jsString(c.email)},`,
      `        phone: ${jsString(c.phone)},`,
      `        company: ${jsString(c.company)},`,
      `        role: ${jsString(c.role)},`,
      `        tags: [${c.tags.map(jsString).join(', ')}],`,
      `        favorite: ${c.favorite},`,
      `        notes: ${jsString(c.notes)},`,
      `        lastContacted: ${c.lastContactedDaysAgo === null ? "''" : `isoDay(-${c.lastContactedDaysAgo})`},`,
      '      },',
    ].join('\n'),
  ).join('\n');

  const home = page(
    '',
    `
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
  return name.split(/\\s+/).filter(Boolean).slice(0, 2).map((w) => w[0].toUpperCase()).join('') || '?';
}

export default function HomePage() {
  const storageKey = ${jsString(`${slugKey(ctx.title)}.contacts`)};

  function starterContacts() {
    return [
${starter}
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

${documentTitleEffect(ctx.title)}

${NOTICE_STATE}

  function show(list) {
    setContacts(list);
    if (window.matchMedia('(min-width: 768px)').matches && list.length > 0) {
      setSelectedId(list.slice().sort((x, y) => x.name.localeCompare(y.name))[0].id);
    }
  }

${loadOnMount({
  path: '/api/contacts',
  accept: 'data && Array.isArray(data.contacts)',
  onServer: 'show(data.contacts);',
  onLocal: 'show(savedContacts());',
})}

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(contacts));
    } catch {
      // Storage can be full or disabled; contacts still work for this visit.
    }
  }, [contacts, source]);

${API_CALLER}

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
              className="inline-flex items-center gap-1.5 rounded-xl bg-${a}-600 px-3.5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-${a}-700"
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
              className="w-full rounded-xl border border-slate-200 bg-white py-2.5 pl-9 pr-3 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
            />
          </label>
          <div className="mt-3 flex flex-wrap gap-1.5" role="group" aria-label="Filter contacts">
            {['all', 'favorites', ...tags].map((f) => (
              <button
                key={f}
                type="button"
                onClick={() => setFilter(f)}
                aria-pressed={filter === f}
                className={filter === f ? 'inline-flex items-center gap-1 rounded-full bg-${a}-600 px-3 py-1 text-xs font-medium text-white' : 'inline-flex items-center gap-1 rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100'}
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
                            ? 'flex w-full items-center gap-3 bg-${a}-50 px-4 py-3 text-left'
                            : 'flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50'
                        }
                      >
                        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-${a}-100 text-sm font-semibold text-${a}-700">
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
            ${loadingHint('Loading contacts…')}
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
              <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-${a}-100 text-${a}-600">
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
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const detail = component(
    'ContactDetail',
    `
import { Building2, CalendarCheck, Mail, Pencil, Phone, Star, Trash2 } from 'lucide-react';

function today() {
  const d = new Date();
  return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
}

function sinceText(iso) {
  if (!iso) return 'Not contacted yet';
  const days = Math.round((new Date(today() + 'T00:00:00') - new Date(iso + 'T00:00:00')) / 86400000);
  if (days <= 0) return 'Contacted today';
  if (days === 1) return 'Contacted yesterday';
  return 'Contacted ' + days + ' days ago';
}

export default function ContactDetail(props) {
  const { contact, onEdit, onChange, onDelete } = props;
  const initials = contact.name.split(/\\s+/).filter(Boolean).slice(0, 2).map((w) => w[0].toUpperCase()).join('');
  const stale = !contact.lastContacted || Date.now() - new Date(contact.lastContacted + 'T00:00:00').getTime() > 30 * 86400000;

  return (
    <article className="rounded-3xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col items-center gap-3 rounded-t-3xl bg-gradient-to-br from-${a}-50 to-white px-6 pb-6 pt-8 text-center">
        <span className="flex h-20 w-20 items-center justify-center rounded-full bg-${a}-600 text-2xl font-bold text-white shadow-lg shadow-${a}-600/20">
          {initials}
        </span>
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{contact.name}</h2>
          <p className="text-sm text-slate-500">{[contact.role, contact.company].filter(Boolean).join(' at ')}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-1.5">
          {contact.tags.map((tag) => (
            <span key={tag} className="rounded-full bg-${a}-100 px-2.5 py-0.5 text-xs font-medium text-${a}-800">
              {tag}
            </span>
          ))}
        </div>
        <div className="mt-1 flex flex-wrap justify-center gap-2">
          <button
            type="button"
            onClick={() => onChange({ favorite: !contact.favorite })}
            aria-pressed={contact.favorite}
            className="inline-flex items-center gap-1.5 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            <Star className={contact.favorite ? 'h-4 w-4 fill-amber-400 text-amber-400' : 'h-4 w-4'} aria-hidden="true" />
            {contact.favorite ? 'Favourite' : 'Add to favourites'}
          </button>
          <button type="button" onClick={onEdit} className="inline-flex items-center gap-1.5 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </button>
          <button
            type="button"
            onClick={() => {
              if (window.confirm('Delete ' + contact.name + '?')) onDelete();
            }}
            aria-label="Delete contact"
            className="inline-flex items-center gap-1.5 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-500 hover:border-red-200 hover:bg-red-50 hover:text-red-600"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </div>

      <dl className="grid gap-px border-t border-slate-100 bg-slate-100 sm:grid-cols-2">
        <div className="bg-white p-5">
          <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
            <Mail className="h-3.5 w-3.5" aria-hidden="true" /> Email
          </dt>
          <dd className="mt-1 truncate">
            {contact.email ? <a href={'mailto:' + contact.email} className="font-medium text-${a}-700 hover:underline">{contact.email}</a> : <span className="text-slate-400">No email</span>}
          </dd>
        </div>
        <div className="bg-white p-5">
          <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
            <Phone className="h-3.5 w-3.5" aria-hidden="true" /> Phone
          </dt>
          <dd className="mt-1">
            {contact.phone ? <a href={'tel:' + contact.phone.replace(/\\s+/g, '')} className="font-medium text-${a}-700 hover:underline">{contact.phone}</a> : <span className="text-slate-400">No phone</span>}
          </dd>
        </div>
        <div className="bg-white p-5">
          <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
            <Building2 className="h-3.5 w-3.5" aria-hidden="true" /> Company
          </dt>
          <dd className="mt-1 font-medium text-slate-800">{contact.company || '—'}</dd>
        </div>
        <div className="bg-white p-5">
          <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
            <CalendarCheck className="h-3.5 w-3.5" aria-hidden="true" /> Last contact
          </dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <span className={stale ? 'font-medium text-amber-700' : 'font-medium text-slate-800'}>{sinceText(contact.lastContacted)}</span>
            <button
              type="button"
              onClick={() => onChange({ lastContacted: today() })}
              className="rounded-lg bg-${a}-50 px-2 py-1 text-xs font-semibold text-${a}-700 hover:bg-${a}-100"
            >
              Log contact today
            </button>
          </dd>
        </div>
      </dl>
      <div className="border-t border-slate-100 p-5 sm:p-6">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-400">Notes</h3>
        <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-700">{contact.notes || 'No notes yet.'}</p>
      </div>
    </article>
  );
}
`,
  );

  const form = component(
    'ContactForm',
    `
import { useState } from 'react';
import { Save, X } from 'lucide-react';

const FIELDS = [
  { name: 'name', label: 'Full name', type: 'text', placeholder: 'Ada Lovelace', required: true },
  { name: 'email', label: 'Email', type: 'email', placeholder: 'ada@example.com' },
  { name: 'phone', label: 'Phone', type: 'tel', placeholder: '+44 20 7946 0000' },
  { name: 'company', label: 'Company', type: 'text', placeholder: 'Analytical Engines Ltd' },
  { name: 'role', label: 'Role', type: 'text', placeholder: 'Engineer' },
];

export default function ContactForm(props) {
  const { contact, onSave, onCancel } = props;
  const [values, setValues] = useState({
    name: contact ? contact.name : '',
    email: contact ? contact.email : '',
    phone: contact ? contact.phone : '',
    company: contact ? contact.company : '',
    role: contact ? contact.role : '',
    tags: contact ? contact.tags.join(', ') : '',
    notes: contact ? contact.notes : '',
  });
  const [error, setError] = useState('');

  function submit(event) {
    event.preventDefault();
    const name = values.name.trim();
    if (!name) return setError('Please enter a name.');
    const email = values.email.trim().toLowerCase();
    if (email && !/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email)) return setError('That email address does not look right.');
    onSave({
      name,
      email,
      phone: values.phone.trim(),
      company: values.company.trim(),
      role: values.role.trim(),
      tags: Array.from(new Set(values.tags.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean))),
      notes: values.notes.trim(),
    });
  }

  const inputClass = 'mt-1 w-full rounded-xl border border-slate-200 bg-white px-3 py-2.5 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100';

  return (
    <form onSubmit={submit} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8" noValidate>
      <div className="flex items-center justify-between">
        <h2 className="text-xl font-bold tracking-tight">{contact ? 'Edit ' + contact.name : 'New contact'}</h2>
        <button type="button" onClick={onCancel} aria-label="Cancel" className="rounded-lg p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <label key={f.name} className={f.name === 'name' ? 'block sm:col-span-2' : 'block'}>
            <span className="text-sm font-medium text-slate-700">{f.label}</span>
            <input
              name={f.name}
              type={f.type}
              value={values[f.name]}
              required={f.required}
              placeholder={f.placeholder}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              className={inputClass}
            />
          </label>
        ))}
        <label className="block">
          <span className="text-sm font-medium text-slate-700">Tags</span>
          <input
            name="tags"
            value={values.tags}
            placeholder="client, priority"
            onChange={(e) => setValues({ ...values, tags: e.target.value })}
            className={inputClass}
          />
        </label>
        <label className="block sm:col-span-2">
          <span className="text-sm font-medium text-slate-700">Notes</span>
          <textarea
            name="notes"
            rows={4}
            value={values.notes}
            placeholder="How you met, what they need, when to follow up"
            onChange={(e) => setValues({ ...values, notes: e.target.value })}
            className={inputClass}
          />
        </label>
      </div>
      {error && <p role="alert" className="mt-4 text-sm font-medium text-red-600">{error}</p>}
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" onClick={onCancel} className="rounded-xl px-4 py-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100">
          Cancel
        </button>
        <button type="submit" className="inline-flex items-center gap-1.5 rounded-xl bg-${a}-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-${a}-700">
          <Save className="h-4 w-4" aria-hidden="true" />
          Save contact
        </button>
      </div>
    </form>
  );
}
`,
  );

  return {
    migrations: [contactsMigration()],
    modules: [
      contactsRoute(),
      contactRoute(),
      home,
      appHeader(ctx, { icon: 'Users', links: [{ href: '/', label: 'Contacts' }], maxWidth: 'max-w-6xl' }),
      detail,
      form,
    ],
    plan: [
      `Build "${ctx.title}", a contact manager.`,
      '- Table `contacts` (id, name, email, phone, company, role, tags, favorite, notes, last_contacted) with six starter contacts.',
      '- Functions: `/api/contacts` (GET A–Z, POST) and `/api/contacts/[id]` (GET, PATCH, DELETE; 404 when missing).',
      '- Page `/`: A–Z list with search, tag and favourite filters beside a detail pane; add/edit form; one pane at a time on phones.',
      '- Components: AppHeader, ContactDetail (call, email, favourite, log a contact), ContactForm.',
      `- Without a backend the page keeps contacts in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: an A–Z contact list with search, tags and favourites, a detail view with one-tap email and call links, notes, and a "log contact today" button that shows who you have not spoken to in a while.`,
      '',
      "Contacts are stored in the app's database (table `contacts`, through the functions `/api/contacts` and `/api/contacts/[id]`). Opened without its backend, the page keeps them in the browser instead.",
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'teal', 'blue')}`,
      `rename the app to ${otherName(ctx.title, 'Rolodex', 'Address Book')}`,
      'add sign-in',
    ],
  };
}

/** The `contacts` table with the starter contacts. */
function contactsMigration(): BuiltMigration {
  const rows = STARTER_CONTACTS.map((c) => {
    const tags = `ARRAY[${c.tags.map(sqlText).join(', ')}]::text[]`;
    const last =
      c.lastContactedDaysAgo === null
        ? "''"
        : `to_char(current_date - ${c.lastContactedDaysAgo}, 'YYYY-MM-DD')`;
    return `  (${[c.id, c.name, c.email, c.phone, c.company, c.role].map(sqlText).join(', ')}, ${tags}, ${c.favorite}, ${sqlText(c.notes)}, ${last})`;
  });
  return {
    name: 'create_contacts',
    sql: `CREATE TABLE contacts (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  company text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  favorite boolean NOT NULL DEFAULT false,
  notes text NOT NULL DEFAULT '',
  last_contacted text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO contacts (id, name, email, phone, company, role, tags, favorite, notes, last_contacted) VALUES
${rows.join(',\n')};`,
  };
}

const CONTACT_HELPERS = `${READ_BODY}

/** A row of the contacts table as the page uses it. */
function toContact(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    name: String(row.name ?? ''),
    email: String(row.email ?? ''),
    phone: String(row.phone ?? ''),
    company: String(row.company ?? ''),
    role: String(row.role ?? ''),
    tags: Array.isArray(row.tags) ? row.tags.map(String) : [],
    favorite: row.favorite === true,
    notes: String(row.notes ?? ''),
    lastContacted: String(row.last_contacted ?? ''),
  };
}

const TEXT_LIMITS: Record<string, number> = { name: 120, email: 200, phone: 40, company: 120, role: 120, notes: 5000 };

/**
 * The fields a request sets, checked; absent ones are null. \`creating\` requires a name. A wrong field gives
 * an error message.
 */
function checkContact(body: Record<string, unknown>, creating: boolean) {
  const out: Record<string, string | string[] | boolean | null> = {};
  for (const [field, max] of Object.entries(TEXT_LIMITS)) {
    const value = body[field];
    if (value === undefined) {
      out[field] = null;
      continue;
    }
    if (typeof value !== 'string' || value.length > max) return { error: \`\${field} must be text of at most \${max} characters.\` };
    out[field] = field === 'email' ? value.trim().toLowerCase() : value.trim();
  }
  if ((creating || out.name !== null) && !out.name) return { error: 'A contact needs a name.' };
  if (out.email && !/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(String(out.email))) {
    return { error: 'Please enter a valid email address.' };
  }
  const { tags, favorite, lastContacted } = body;
  if (tags !== undefined && (!Array.isArray(tags) || tags.length > 20 || tags.some((t) => typeof t !== 'string' || t.length > 40))) {
    return { error: 'Tags must be a list of at most 20 short words.' };
  }
  if (favorite !== undefined && typeof favorite !== 'boolean') return { error: 'favorite must be true or false.' };
  if (lastContacted !== undefined && (typeof lastContacted !== 'string' || !/^(\\d{4}-\\d{2}-\\d{2})?$/.test(lastContacted))) {
    return { error: 'lastContacted must be a date like 2030-01-31, or empty.' };
  }
  return {
    ...out,
    tags: Array.isArray(tags) ? [...new Set(tags.map((t) => String(t).trim().toLowerCase()).filter(Boolean))] : null,
    favorite: typeof favorite === 'boolean' ? favorite : null,
    lastContacted: typeof lastContacted === 'string' ? lastContacted : null,
  };
}`;

/** `/api/contacts`: every contact A–Z, and adding one. */
function contactsRoute() {
  return apiRoute(
    'contacts',
    `
${SQL_IMPORT}

${CONTACT_HELPERS}

/** Every contact, A–Z. */
export async function GET() {
  const rows = await sql\`SELECT * FROM contacts ORDER BY lower(name), id\`;
  return Response.json({ contacts: rows.map(toContact) });
}

/** Adds a contact: { name, email?, phone?, company?, role?, tags?, favorite?, notes?, lastContacted?, id? }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the contact as JSON, e.g. { "name": "Ada Lovelace" }.');
  const c = checkContact(body, true);
  if ('error' in c) return badRequest(String(c.error));
  const id = typeof body.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(body.id) ? body.id : crypto.randomUUID();
  const [row] = await sql\`
    INSERT INTO contacts (id, name, email, phone, company, role, tags, favorite, notes, last_contacted)
    VALUES (\${id}, \${c.name}, \${c.email ?? ''}, \${c.phone ?? ''}, \${c.company ?? ''}, \${c.role ?? ''},
      \${c.tags ?? []}, \${c.favorite ?? false}, \${c.notes ?? ''}, \${c.lastContacted ?? ''})
    ON CONFLICT (id) DO NOTHING
    RETURNING *\`;
  if (!row) return Response.json({ error: 'A contact with this id already exists.' }, { status: 409 });
  return Response.json({ contact: toContact(row) }, { status: 201 });
}
`,
  );
}

/** `/api/contacts/[id]`: one contact — read, change, delete. */
function contactRoute() {
  return apiRoute(
    'contacts/[id]',
    `
${SQL_IMPORT}

${CONTACT_HELPERS}

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: 'That contact no longer exists.' }, { status: 404 });
}

export async function GET(_request: Request, { params }: Context) {
  const [row] = await sql\`SELECT * FROM contacts WHERE id = \${params.id}\`;
  return row ? Response.json({ contact: toContact(row) }) : notFound();
}

/** Changes a contact: any of its fields; the others keep their values. */
export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the changes as JSON, e.g. { "favorite": true }.');
  const c = checkContact(body, false);
  if ('error' in c) return badRequest(String(c.error));
  const [row] = await sql\`
    UPDATE contacts SET
      name = COALESCE(\${c.name}, name),
      email = COALESCE(\${c.email}, email),
      phone = COALESCE(\${c.phone}, phone),
      company = COALESCE(\${c.company}, company),
      role = COALESCE(\${c.role}, role),
      tags = COALESCE(\${c.tags}, tags),
      favorite = COALESCE(\${c.favorite}, favorite),
      notes = COALESCE(\${c.notes}, notes),
      last_contacted = COALESCE(\${c.lastContacted}, last_contacted)
    WHERE id = \${params.id}
    RETURNING *\`;
  return row ? Response.json({ contact: toContact(row) }) : notFound();
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql\`DELETE FROM contacts WHERE id = \${params.id} RETURNING id\`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
`,
  );
}
