import { useEffect, useState } from 'react';
import { BookOpen, Mail, Mic, PlayCircle, ShoppingBag, Sparkles } from 'lucide-react';
import LinkButton from '@/components/LinkButton';

export default function HomePage() {
  const storageKey = 'kiln-slug.clicks';
  const links = [
    { id: 'podcast', icon: Mic, label: 'Listen to the podcast', note: 'New episode every Tuesday', href: '#podcast' },
    { id: 'videos', icon: PlayCircle, label: 'Watch my latest video', note: 'Behind the scenes of my studio', href: '#videos' },
    { id: 'newsletter', icon: BookOpen, label: 'Read the newsletter', note: 'Weekly notes on creativity and work', href: '#newsletter' },
    { id: 'shop', icon: ShoppingBag, label: 'Shop prints and presets', note: 'Free shipping this week', href: '#shop' },
  ];
  const [clicks, setClicks] = useState(() => {
    if (typeof window === 'undefined') return {};
    try {
      return JSON.parse(window.localStorage.getItem(storageKey) || '{}');
    } catch {
      return {};
    }
  });
  const [email, setEmail] = useState('');
  const [joined, setJoined] = useState('');
  const [joinError, setJoinError] = useState('');

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  function track(id) {
    const next = { ...clicks, [id]: (clicks[id] || 0) + 1 };
    setClicks(next);
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Counting clicks is best effort.
    }
  }

  async function submitTo(path, body) {
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
  }

  async function join(event) {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email)) {
      setJoinError('Please enter a valid email address.');
      return;
    }
    setJoinError('');
    const result = await submitTo('/api/subscribers', { email });
    if (result && !result.ok) {
      // Already subscribed is good news, not an error.
      if (result.status === 409) setJoined(result.error);
      else setJoinError(result.error);
      return;
    }
    if (!result) {
      try {
        const saved = JSON.parse(window.localStorage.getItem('kiln-slug.subscribers') || '[]');
        window.localStorage.setItem('kiln-slug.subscribers', JSON.stringify([...saved, { email, at: new Date().toISOString() }]));
      } catch {
        // Saving is best effort.
      }
    }
    setJoined('Thanks for subscribing! Check your inbox on Sunday.');
  }

  return (
    <div className="min-h-screen bg-gradient-to-br from-kiln-hue-100 via-white to-kiln-hue-50 px-4 py-12 text-slate-900">
      <main className="mx-auto max-w-md">
        <div className="text-center">
          <div className="mx-auto flex h-24 w-24 items-center justify-center rounded-full bg-gradient-to-br from-kiln-hue-400 to-kiln-hue-600 text-3xl font-bold text-white shadow-xl shadow-kiln-hue-500/30 ring-4 ring-white">
            kiln-initials
          </div>
          <h1 className="mt-4 text-2xl font-bold tracking-tight">kiln-titleText</h1>
          <p className="mt-1 text-slate-600">Creator, writer and podcast host. Making things on the internet and sharing how.</p>
        </div>

        <div className="mt-8 space-y-3">
          {links.map((link) => (
            <LinkButton key={link.id} link={link} clicks={clicks[link.id] || 0} onClick={() => track(link.id)} />
          ))}
        </div>

        <section className="mt-8 rounded-3xl bg-white/80 p-6 shadow-sm ring-1 ring-slate-200 backdrop-blur">
          <div className="flex items-center gap-2 text-sm font-semibold text-kiln-hue-700">
            <Sparkles className="h-4 w-4" aria-hidden="true" />
            Get the weekly letter
          </div>
          {joined ? (
            <p className="mt-3 text-slate-700">{joined}</p>
          ) : (
            <form onSubmit={join} className="mt-3 flex gap-2">
              <label className="relative flex-1">
                <span className="sr-only">Email</span>
                <Mail className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
                <input
                  name="email"
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  placeholder="you@example.com"
                  className="w-full rounded-xl border border-slate-200 py-2.5 pl-9 pr-3 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
                />
              </label>
              <button type="submit" className="rounded-xl bg-kiln-hue-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-700">
                Join
              </button>
            </form>
          )}
          {joinError && !joined && <p className="mt-2 text-sm text-slate-600">{joinError}</p>}
        </section>

        <p className="mt-10 text-center text-xs text-slate-400">© {new Date().getFullYear()} kiln-titleText</p>
      </main>
    </div>
  );
}
