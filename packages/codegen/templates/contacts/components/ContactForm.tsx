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
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setError('That email address does not look right.');
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

  const inputClass = 'mt-1 w-full rounded-xl border border-slate-200 bg-white px-3 py-2.5 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100';

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
        <button type="submit" className="inline-flex items-center gap-1.5 rounded-xl bg-kiln-hue-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-kiln-hue-700">
          <Save className="h-4 w-4" aria-hidden="true" />
          Save contact
        </button>
      </div>
    </form>
  );
}
