/**
 * The `ContactForm` component shared by builtin sites: name, email and message with validation and a
 * thank-you state. Messages go to the app's `messages` table through `POST /api/messages`; without a backend
 * they are kept in localStorage, as before.
 * @module
 */
import type { GenModule } from '../../types.ts';
import { jsString } from '../format.ts';
import { READ_BODY, SQL_IMPORT, SUBMIT_TO } from './backend.ts';
import { apiRoute, type BuiltMigration, component } from './shared.ts';

/** The `messages` table the contact form's submissions are stored in. */
export function messagesMigration(): BuiltMigration {
  return {
    name: 'create_messages',
    sql: `CREATE TABLE messages (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  topic text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  sent_at timestamptz NOT NULL DEFAULT now()
);`,
  };
}

/** `POST /api/messages`: stores a contact form message (name, email, topic, message), validated. */
export function messagesRoute(): GenModule {
  return apiRoute(
    'messages',
    `
${SQL_IMPORT}

${READ_BODY}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Stores a message: { name, email, topic?, message? }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the form as JSON.');
  const name = text(body.name);
  const email = text(body.email);
  const topic = text(body.topic);
  const message = text(body.message);
  if (!name || name.length > 200 || !/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email) || email.length > 254) {
    return badRequest('Please add your name and a valid email address.');
  }
  if (topic.length > 200 || message.length > 5000) return badRequest('Please keep your message under 5,000 characters.');
  const [row] = await sql\`
    INSERT INTO messages (id, name, email, topic, message)
    VALUES (\${crypto.randomUUID()}, \${name}, \${email}, \${topic}, \${message})
    RETURNING id\`;
  return Response.json({ message: { id: String(row?.id) } }, { status: 201 });
}
`,
  );
}

/** A working contact form component; without a backend, submissions are kept under `storageKey`. */
export function contactForm(accent: string, storageKey: string): GenModule {
  const a = accent;
  return component(
    'ContactForm',
    `
import { useState } from 'react';
import { CheckCircle2, Send } from 'lucide-react';

export default function ContactForm() {
  const storageKey = ${jsString(storageKey)};
  const [status, setStatus] = useState('idle');
  const [error, setError] = useState('');

${SUBMIT_TO}

  async function handleSubmit(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form).entries());
    if (!String(data.name || '').trim() || !/^\\S+@\\S+\\.\\S+$/.test(String(data.email || ''))) {
      setError('Please add your name and a valid email address.');
      return;
    }
    setError('');
    setStatus('sending');
    const result = await submitTo('/api/messages', data);
    if (result && !result.ok) {
      setError(result.error);
      setStatus('idle');
      return;
    }
    if (!result) {
      try {
        const saved = JSON.parse(window.localStorage.getItem(storageKey) || '[]');
        window.localStorage.setItem(storageKey, JSON.stringify([{ ...data, sentAt: new Date().toISOString() }, ...saved]));
      } catch {
        // Saving is best effort; the message is still acknowledged.
      }
    }
    form.reset();
    setStatus('sent');
  }

  if (status === 'sent') {
    return (
      <div className="rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <CheckCircle2 className="mx-auto h-12 w-12 text-${a}-600" aria-hidden="true" />
        <h3 className="mt-4 text-xl font-semibold text-slate-900">Thanks, message received!</h3>
        <p className="mt-2 text-slate-600">I will get back to you within two working days.</p>
        <button type="button" onClick={() => setStatus('idle')} className="mt-6 text-sm font-semibold text-${a}-700 hover:underline">
          Send another message
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8">
      <label className="text-sm font-medium text-slate-700">
        Your name
        <input name="name" autoComplete="name" className="mt-1.5 w-full rounded-xl border border-slate-200 px-4 py-2.5 text-slate-900 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Email
        <input name="email" type="email" autoComplete="email" className="mt-1.5 w-full rounded-xl border border-slate-200 px-4 py-2.5 text-slate-900 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
      </label>
      <label className="text-sm font-medium text-slate-700 sm:col-span-2">
        What can I help with?
        <select name="topic" className="mt-1.5 w-full rounded-xl border border-slate-200 bg-white px-4 py-2.5 text-slate-900 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100">
          <option>A new project</option>
          <option>A speaking invitation</option>
          <option>Just saying hello</option>
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700 sm:col-span-2">
        Message
        <textarea name="message" rows={5} className="mt-1.5 w-full rounded-xl border border-slate-200 px-4 py-2.5 text-slate-900 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100" />
      </label>
      {error && <p className="text-sm font-medium text-red-600 sm:col-span-2">{error}</p>}
      <button
        type="submit"
        disabled={status === 'sending'}
        className="inline-flex items-center justify-center gap-2 rounded-xl bg-${a}-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-${a}-700 disabled:opacity-60 sm:col-span-2 sm:justify-self-start"
      >
        <Send className="h-4 w-4" aria-hidden="true" />
        {status === 'sending' ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
`,
  );
}
