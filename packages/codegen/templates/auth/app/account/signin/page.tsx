import { useState } from 'react';
import { Globe, Loader2, LogIn, Sparkles } from 'lucide-react';
import useAuth from '@/utils/useAuth';

export default function SignInPage() {
  const { signInWithCredentials, signInWithGoogle } = useAuth();
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const callbackUrl = (() => {
    if (typeof window === 'undefined') return '/';
    const value = new URLSearchParams(window.location.search).get('callbackUrl') || '/';
    return value.startsWith('/') && !value.startsWith('//') ? value : '/';
  })();

  async function handleSubmit(event) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') || '').trim();
    const password = String(data.get('password') || '');
    if (!email || !password) {
      setError('Enter your email and password.');
      return;
    }
    setError('');
    setPending(true);
    try {
      const result = await signInWithCredentials({ email, password, callbackUrl, redirect: true });
      if (result && result.error) setError('That email and password do not match an account.');
    } catch (e) {
      setError(e && e.message ? e.message : 'Signing in failed. Please try again.');
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-kiln-hue-50 via-white to-white px-4 py-10 text-slate-900">
      <a href="/" className="mx-auto flex items-center gap-2 font-semibold tracking-tight text-slate-900">
        <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-kiln-hue-600 text-white shadow-sm shadow-kiln-hue-600/30">
          <Sparkles className="h-5 w-5" aria-hidden="true" />
        </span>
        <span className="text-lg">kiln-titleText</span>
      </a>
      <main className="mx-auto mt-8 w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Sign in</h1>
        <p className="mt-1 text-sm text-slate-600">Welcome back. Sign in to pick up where you left off.</p>
        <form onSubmit={handleSubmit} className="mt-6 space-y-4" noValidate>
          <label className="block text-sm font-medium text-slate-700">
            Email
            <input
              name="email"
              type="email"
              autoComplete="email"
              required
              className="mt-1 w-full rounded-xl border border-slate-200 bg-slate-50 px-4 py-2.5 text-slate-900 focus:border-kiln-hue-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
            />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Password
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className="mt-1 w-full rounded-xl border border-slate-200 bg-slate-50 px-4 py-2.5 text-slate-900 focus:border-kiln-hue-400 focus:bg-white focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
            />
          </label>
          {error && (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={pending}
            className="flex w-full items-center justify-center gap-2 rounded-xl bg-kiln-hue-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-kiln-hue-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <LogIn className="h-4 w-4" aria-hidden="true" />}
            Sign in
          </button>
        </form>
        <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
          <span className="h-px flex-1 bg-slate-200" />
          or
          <span className="h-px flex-1 bg-slate-200" />
        </div>
        <button
          type="button"
          onClick={() =>
            signInWithGoogle({ callbackUrl, redirect: true }).catch((e) =>
              setError(e && e.message ? e.message : 'Signing in with Google failed. Please try again.'),
            )
          }
          className="flex w-full items-center justify-center gap-2 rounded-xl border border-slate-200 px-4 py-2.5 font-semibold text-slate-700 hover:bg-slate-50"
        >
          <Globe className="h-4 w-4" aria-hidden="true" />
          Continue with Google
        </button>
        <p className="mt-6 text-center text-sm text-slate-600">
          New here?{' '}
          <a href={'/account/signup?callbackUrl=' + encodeURIComponent(callbackUrl)} className="font-semibold text-kiln-hue-700 hover:underline">
            Create an account
          </a>
        </p>
      </main>
    </div>
  );
}
