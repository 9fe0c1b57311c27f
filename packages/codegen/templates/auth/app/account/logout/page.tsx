import { LogOut, Sparkles } from 'lucide-react';
import useAuth from '@/utils/useAuth';
import useUser from '@/utils/useUser';

export default function LogoutPage() {
  const { signOut } = useAuth();
  const { data: user, loading } = useUser();

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-kiln-hue-50 via-white to-white px-4 py-10 text-slate-900">
      <a href="/" className="mx-auto flex items-center gap-2 font-semibold tracking-tight text-slate-900">
        <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-kiln-hue-600 text-white shadow-sm shadow-kiln-hue-600/30">
          <Sparkles className="h-5 w-5" aria-hidden="true" />
        </span>
        <span className="text-lg">kiln-titleText</span>
      </a>
      <main className="mx-auto mt-8 w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Sign out</h1>
        {loading ? (
          <p className="mt-2 text-sm text-slate-500">Checking your account…</p>
        ) : user ? (
          <>
            <p className="mt-2 text-sm text-slate-600">
              You are signed in as <span className="font-medium text-slate-900">{user.email}</span>.
            </p>
            <button
              type="button"
              onClick={() => signOut({ callbackUrl: '/', redirect: true })}
              className="mt-6 flex w-full items-center justify-center gap-2 rounded-xl bg-kiln-hue-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-kiln-hue-700"
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Sign out
            </button>
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            You are signed out.{' '}
            <a href="/account/signin" className="font-semibold text-kiln-hue-700 hover:underline">
              Sign in again
            </a>
          </p>
        )}
        <a href="/" className="mt-6 block text-center text-sm font-medium text-slate-500 hover:text-slate-800">
          Back to kiln-titleText
        </a>
      </main>
    </div>
  );
}
