import { Link, useNavigate } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { acceptInvitation } from '../account-queries.ts';
import { errorMessage } from '../api.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { FormAlert } from '../components/FormAlert.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { Button } from '../components/ui/button.tsx';
import { useSession } from '../use-session.ts';
import { useTitle } from '../use-title.ts';
import { useToast } from '../use-toast.ts';

/**
 * `/invitations/:token` from an invitation mail (signed-out visitors are sent to sign in first). The server
 * has no way to peek at an invitation before accepting it, so the organisation is named once joined.
 */
export function InvitationPage({ token }: { token: string }) {
  useTitle('Join an organisation');
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function join() {
    setBusy(true);
    setError(null);
    try {
      const organization = await acceptInvitation(token);
      await session.reloadOrganizations();
      session.selectOrganization(organization.id);
      toast(`You joined ${organization.name}.`);
      void navigate({ to: '/', replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="You are invited"
      subtitle="Someone invited you to build with them on Kiln."
      footer={<Link to="/">Not now, go to my projects</Link>}
    >
      <div className="flex flex-col gap-4">
        <p className="flex items-start gap-2.5 rounded-md bg-surface-2 p-3 text-[13px] text-text-2 [&>svg]:mt-0.5 [&>svg]:flex-none">
          <Users size={16} aria-hidden="true" />
          <span>
            Joining as <strong>{session.me?.email}</strong>. The invitation must be for this address.
          </span>
        </p>
        <FormAlert message={error} />
        <Button type="button" variant="primary" size="block" className="mt-1" disabled={busy} onClick={join}>
          {busy ? <Spinner /> : null}
          Join organisation
        </Button>
      </div>
    </AuthLayout>
  );
}
