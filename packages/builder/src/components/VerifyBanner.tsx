import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { hasDevMailbox, resendVerification } from '../account-queries.ts';
import { errorMessage } from '../api.ts';
import { useSession } from '../use-session.ts';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';

/** Asks an UNVERIFIED user to confirm their address; offers the development mailbox when there is one. */
export function VerifyBanner() {
  const { me } = useSession();
  const unverified = me?.status === 'UNVERIFIED';
  const [mailbox, setMailbox] = useState(false);
  const [state, setState] = useState<{ busy: boolean; resent: boolean; error: string | null }>({
    busy: false,
    resent: false,
    error: null,
  });

  useEffect(() => {
    if (!unverified) return;
    let live = true;
    hasDevMailbox().then((yes) => live && setMailbox(yes));
    return () => {
      live = false;
    };
  }, [unverified]);

  if (!unverified) return null;

  async function resend() {
    setState({ busy: true, resent: false, error: null });
    try {
      await resendVerification();
      setState({ busy: false, resent: true, error: null });
    } catch (caught) {
      setState({ busy: false, resent: false, error: errorMessage(caught) });
    }
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-accent-border bg-accent-soft px-6 py-2 text-[13px] text-text">
      <span className="flex flex-wrap items-center gap-2.5 [&>svg]:flex-none [&>svg]:text-accent-strong">
        <MailCheck size={16} aria-hidden="true" />
        <span>
          <strong>Confirm your e-mail address.</strong>{' '}
          <span role="status">
            {state.resent ? `We sent a new link to ${me?.email}.` : `We sent a link to ${me?.email}.`}
          </span>
        </span>
        {state.error ? (
          <span role="alert" className="text-error">
            {state.error}
          </span>
        ) : null}
      </span>
      <span className="flex flex-wrap items-center gap-3.5">
        {mailbox ? (
          <a href="/dev/mailbox" target="_blank" rel="noopener">
            Open development mailbox
          </a>
        ) : null}
        <Button type="button" size="sm" disabled={state.busy} onClick={resend}>
          {state.busy ? <Spinner size={14} /> : null}
          Resend
        </Button>
      </span>
    </div>
  );
}
