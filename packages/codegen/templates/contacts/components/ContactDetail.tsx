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
  const initials = contact.name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0].toUpperCase()).join('');
  const stale = !contact.lastContacted || Date.now() - new Date(contact.lastContacted + 'T00:00:00').getTime() > 30 * 86400000;

  return (
    <article className="rounded-3xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col items-center gap-3 rounded-t-3xl bg-gradient-to-br from-kiln-hue-50 to-white px-6 pb-6 pt-8 text-center">
        <span className="flex h-20 w-20 items-center justify-center rounded-full bg-kiln-hue-600 text-2xl font-bold text-white shadow-lg shadow-kiln-hue-600/20">
          {initials}
        </span>
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{contact.name}</h2>
          <p className="text-sm text-slate-500">{[contact.role, contact.company].filter(Boolean).join(' at ')}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-1.5">
          {contact.tags.map((tag) => (
            <span key={tag} className="rounded-full bg-kiln-hue-100 px-2.5 py-0.5 text-xs font-medium text-kiln-hue-800">
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
            {contact.email ? <a href={'mailto:' + contact.email} className="font-medium text-kiln-hue-700 hover:underline">{contact.email}</a> : <span className="text-slate-400">No email</span>}
          </dd>
        </div>
        <div className="bg-white p-5">
          <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
            <Phone className="h-3.5 w-3.5" aria-hidden="true" /> Phone
          </dt>
          <dd className="mt-1">
            {contact.phone ? <a href={'tel:' + contact.phone.replace(/\s+/g, '')} className="font-medium text-kiln-hue-700 hover:underline">{contact.phone}</a> : <span className="text-slate-400">No phone</span>}
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
              className="rounded-lg bg-kiln-hue-50 px-2 py-1 text-xs font-semibold text-kiln-hue-700 hover:bg-kiln-hue-100"
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
