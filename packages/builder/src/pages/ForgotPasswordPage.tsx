import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { requestPasswordReset } from '../account-queries.ts';
import { errorMessage } from '../api.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { Field } from '../components/Field.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { FormNote } from '../components/FormNote.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { Button } from '../components/ui/button.tsx';
import { useTitle } from '../use-title.ts';

/** `/forgot-password`: asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  useTitle('Reset your password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="We will e-mail you a link to choose a new one."
      footer={
        <>
          Remembered it? <Link to="/login">Back to sign in</Link>
        </>
      }
    >
      {sent ? (
        <div className="flex flex-col gap-4">
          <FormNote message="If an account exists for that address, we sent a link. It works for one hour." />
          <Button type="button" variant="ghost" size="block" className="mt-1" onClick={() => setSent(false)}>
            Use another address
          </Button>
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
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
          <FormAlert message={error} />
          <Button type="submit" variant="primary" size="block" className="mt-1" disabled={busy}>
            {busy ? <Spinner /> : null}
            Send reset link
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
