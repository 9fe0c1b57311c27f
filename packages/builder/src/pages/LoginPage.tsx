import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { Field } from '../components/Field.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { FormNote } from '../components/FormNote.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { Button } from '../components/ui/button.tsx';
import { signIn } from '../queries.ts';
import { useSession } from '../use-session.ts';
import { useTitle } from '../use-title.ts';

/** Notes other screens leave for the sign-in form (`/login?notice=…`). */
const NOTICES: Record<string, string> = {
  'password-reset': 'Your password is changed. Sign in with the new one.',
};

export function LoginPage({ next, notice }: { next: string; notice: string | null }) {
  useTitle('Sign in');
  const session = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const me = await signIn(email.trim(), password);
      session.signedIn(me);
      void navigate({ href: next, replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to keep building."
      footer={
        <>
          New to Kiln?{' '}
          <Link to="/signup" search={next === '/' ? {} : { next }}>
            Create an account
          </Link>
        </>
      }
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormNote message={(notice && NOTICES[notice]) ?? null} />
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Link to="/forgot-password" className="-mt-1.5 self-end text-[13px]">
          Forgot your password?
        </Link>
        <FormAlert message={error} />
        <Button type="submit" variant="primary" size="block" className="mt-1" disabled={busy}>
          {busy ? <Spinner /> : null}
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
