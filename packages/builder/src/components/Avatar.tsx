import { cn } from '../lib/cn.ts';
import type { Me } from '../queries.ts';

/** What an avatar needs: the signed-in user, or another member (presence). */
type Person = Pick<Me, 'displayName' | 'email'> & { profile: { photoURL: string | null } };

function initials(me: Person): string {
  const source = me.displayName.trim() || me.email;
  const words = source.split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** The user's photo, or their initials on an accent-tinted disc. */
export function Avatar({ me, className }: { me: Person; className?: string }) {
  if (me.profile.photoURL)
    return (
      <img
        className={cn(
          'grid size-7 place-items-center rounded-full bg-accent-soft object-cover text-[11px] font-bold text-accent-strong',
          className,
        )}
        src={me.profile.photoURL}
        alt=""
      />
    );
  return (
    <span
      className={cn(
        'grid size-7 place-items-center rounded-full bg-accent-soft object-cover text-[11px] font-bold text-accent-strong',
        className,
      )}
      aria-hidden="true"
    >
      {initials(me)}
    </span>
  );
}
