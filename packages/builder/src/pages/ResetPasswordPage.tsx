import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { resetPassword } from '../account-queries.ts';
import { errorMessage } from '../api.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { Field } from '../components/Field.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { Button } from '../components/ui/button.tsx';
import { useSession } from '../use-session.ts';
import { useTitle } from '../use-title.ts';

/** `/reset-password?token=…` from the reset mail: choose a new password, then sign in with it. */
export function ResetPasswordPage({ token }: { token: string }) {
  useTitle('Choose a new password');
  const session = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(
    token ? null : 'This link has no reset token. Ask for a new link.',
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      // The server has signed out every session of the account, this one included.
      if (session.status === 'signed-in') await session.signOut().catch(session.reload);
      void navigate({ to: '/login', search: { notice: 'password-reset' }, replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
      footer={<Link to="/forgot-password">Ask for a new link</Link>}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Field
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormAlert message={error} />
        <Button type="submit" variant="primary" size="block" className="mt-1" disabled={busy || !token}>
          {busy ? <Spinner /> : null}
          Set new password
        </Button>
      </form>
    </AuthLayout>
  );
}
