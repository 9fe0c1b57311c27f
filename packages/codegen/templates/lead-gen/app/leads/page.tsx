import { useEffect, useState } from 'react';
import { Database, Download, Inbox, Loader2, Trash2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';

export default function LeadsPage() {
  const storageKey = 'kiln-slug.leads';
  const [leads, setLeads] = useState(() => {
    if (typeof window === 'undefined') return [];
    try {
      return JSON.parse(window.localStorage.getItem(storageKey) || '[]');
    } catch {
      return [];
    }
  });
  // 'loading' until /api/leads answers, then 'server' (leads are in the app's database) or 'local'.
  const [source, setSource] = useState('loading');
  const [count, setCount] = useState(0);

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/leads', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && typeof data.count === 'number') {
          setCount(data.count);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  function remove(id) {
    const next = leads.filter((l) => l.id !== id);
    setLeads(next);
    window.localStorage.setItem(storageKey, JSON.stringify(next));
  }

  function exportCsv() {
    const columns = ['name', 'email', 'company', 'teamSize', 'message', 'createdAt'];
    // biome-ignore lint/suspicious/noShadowRestrictedNames: kiln: the generated page names its CSV quoting escape.
    const escape = (v) => '"' + String(v || '').replace(/"/g, '""') + '"';
    const csv = [columns.join(','), ...leads.map((l) => columns.map((c) => escape(l[c])).join(','))].join('\n');
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    link.download = 'leads.csv';
    link.click();
  }

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Submissions</h1>
            {source === 'loading' && (
              <p className="mt-1 inline-flex items-center gap-1.5 text-slate-500">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                Counting submissions…
              </p>
            )}
            {source === 'server' && (
              <p className="mt-1 text-slate-600">{count} {count === 1 ? 'lead' : 'leads'} stored in the app's database.</p>
            )}
            {source === 'local' && (
              <p className="mt-1 text-slate-600">{leads.length} {leads.length === 1 ? 'lead' : 'leads'} captured in this browser.</p>
            )}
          </div>
          {(source !== 'server' || leads.length > 0) && (
            <button
              type="button"
              onClick={exportCsv}
              disabled={leads.length === 0}
              className="inline-flex items-center gap-2 rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-50"
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              Export CSV
            </button>
          )}
        </div>
        {source === 'server' && (
          <div className="mt-8 flex items-start gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-kiln-hue-100 text-kiln-hue-700">
              <Database className="h-5 w-5" aria-hidden="true" />
            </span>
            <div>
              <p className="font-semibold">Leads are kept private</p>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">
                Every submission is stored in the app's database, in the leads table. To protect people's details, the app only ever shows how many there are, never their names or emails.
              </p>
            </div>
          </div>
        )}
        {source === 'server' && leads.length === 0 ? null : leads.length === 0 ? (
          <div className="mt-8 rounded-3xl border border-dashed border-slate-300 bg-white p-12 text-center">
            <Inbox className="mx-auto h-10 w-10 text-kiln-hue-500" aria-hidden="true" />
            <p className="mt-3 font-medium">No submissions yet</p>
            <p className="mt-1 text-sm text-slate-500">Leads from the form on the home page appear here.</p>
            <a href="/" className="mt-5 inline-flex rounded-xl bg-kiln-hue-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-700">
              Go to the form
            </a>
          </div>
        ) : (
          <div className="mt-8 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full min-w-[640px] text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-4 py-3">Name</th>
                  <th className="px-4 py-3">Email</th>
                  <th className="px-4 py-3">Company</th>
                  <th className="px-4 py-3">Team</th>
                  <th className="px-4 py-3">Received</th>
                  <th className="px-4 py-3" />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {leads.map((l) => (
                  <tr key={l.id}>
                    <td className="px-4 py-3 font-medium">{l.name}</td>
                    <td className="px-4 py-3 text-kiln-hue-700">{l.email}</td>
                    <td className="px-4 py-3 text-slate-600">{l.company || '—'}</td>
                    <td className="px-4 py-3 text-slate-600">{l.teamSize}</td>
                    <td className="px-4 py-3 text-slate-500">{new Date(l.createdAt).toLocaleString()}</td>
                    <td className="px-4 py-3 text-right">
                      <button type="button" onClick={() => remove(l.id)} aria-label="Delete lead" className="rounded-lg p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-600">
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </main>
    </div>
  );
}
