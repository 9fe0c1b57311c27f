import { Link, useNavigate } from '@tanstack/react-router';
import { LogOut, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../api.ts';
import { useSession } from '../use-session.ts';
import { Avatar } from './Avatar.tsx';
import { Button, buttonVariants } from './ui/button.tsx';

/** Who is signed in, and the way out. Kept visible rather than behind a toggle: it is one action. */
export function UserMenu() {
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const me = session.me;
  if (!me) return null;

  async function signOut() {
    try {
      await session.signOut();
      void navigate({ to: '/login', replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  return (
    <div className="relative flex items-center gap-2">
      {me.role === 'ADMIN' ? (
        <Link to="/admin/users" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <ShieldCheck size={15} aria-hidden="true" />
          Users
        </Link>
      ) : null}
      <span className="inline-flex items-center gap-2 pr-1 font-medium text-text-2" title={me.email}>
        <Avatar me={me} />
        <span className="max-w-[180px] truncate max-[860px]:hidden">{me.displayName || me.email}</span>
      </span>
      <Button type="button" variant="ghost" size="sm" onClick={signOut}>
        <LogOut size={15} aria-hidden="true" />
        Sign out
      </Button>
      {error ? (
        <span
          className="absolute top-full right-0 mt-1.5 rounded-sm bg-error-soft px-2.5 py-1.5 text-[12px] whitespace-nowrap text-error"
          role="alert"
        >
          {error}
        </span>
      ) : null}
    </div>
  );
}
