import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { Field } from '../components/Field.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { FormNote } from '../components/FormNote.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { Button } from '../components/ui/button.tsx';
import { fieldOfError } from '../field-errors.ts';
import { fetchMe, signUp } from '../queries.ts';
import { useSession } from '../use-session.ts';
import { useTitle } from '../use-title.ts';

/**
 * `/signup`. The server answers the same whether or not the address already has an account (its owner gets
 * a mail instead); only a new account comes with a session, so without one the page says to check the mail.
 */
export function SignupPage({ next }: { next: string }) {
  useTitle('Create your account');
  const session = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A server error about one field shows under that field (and is tied to it), others above the button.
  const errorField = fieldOfError(error);
  const [checkMail, setCheckMail] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signUp(email.trim(), password, name.trim() || undefined);
      const me = await fetchMe();
      if (!me) {
        setCheckMail(true);
        setBusy(false);
        return;
      }
      session.signedIn(me);
      void navigate({ href: next, replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Describe an app, watch it come to life, publish it."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" search={next === '/' ? {} : { next }}>
            Sign in instead
          </Link>
        </>
      }
    >
      {checkMail ? (
        <div className="flex flex-col gap-4">
          <FormNote message="Check your e-mail to continue." />
          <Button
            type="button"
            variant="ghost"
            size="block"
            className="mt-1"
            onClick={() => setCheckMail(false)}
          >
            Use another address
          </Button>
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <Field
            label="Name"
            hint="Optional"
            name="name"
            autoComplete="name"
            autoFocus
            value={name}
            error={errorField === 'name' ? error : null}
            onChange={(e) => setName(e.target.value)}
          />
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            error={errorField === 'email' ? error : null}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            error={errorField === 'password' ? error : null}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormAlert message={errorField ? null : error} />
          <Button type="submit" variant="primary" size="block" className="mt-1" disabled={busy}>
            {busy ? <Spinner /> : null}
            Create account
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
