/**
 * @module Who else has the project open (issue 17): an avatar per person in the workspace header, named in its
 * tooltip and accessible label with what they are doing, and a polite live line when someone types or generates.
 */
import type { PresentPerson } from '../use-presence.ts';
import { Avatar } from './Avatar.tsx';

/** What a person is doing, in words ("typing", "generating", "viewing page.tsx"). */
export function activityOf(p: PresentPerson): string {
  if (p.generating) return 'generating';
  if (p.typing) return 'typing';
  const module = p.selectedModules[0];
  return module ? `viewing ${module.split('/').pop()}` : 'viewing';
}

const nameOf = (p: PresentPerson) => p.displayName.trim() || p.email;

export function PresenceAvatars({ people }: { people: PresentPerson[] }) {
  if (people.length === 0) return null;
  const busy = people.filter((p) => p.generating || p.typing);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <ul className="m-0 flex list-none p-0" aria-label="Also here">
        {people.map((p) => {
          const label = `${nameOf(p)} (${activityOf(p)})`;
          return (
            <li
              key={p.userId}
              className="-ml-1.5 first:ml-0"
              data-activity={p.generating ? 'generating' : p.typing ? 'typing' : 'viewing'}
              title={label}
              aria-label={label}
            >
              <Avatar
                className={
                  p.generating || p.typing
                    ? 'size-6 shadow-[0_0_0_2px_var(--surface),0_0_0_4px_var(--accent)]'
                    : 'size-6 shadow-[0_0_0_2px_var(--surface)]'
                }
                me={{ displayName: p.displayName, email: p.email, profile: { photoURL: p.photoURL } }}
              />
            </li>
          );
        })}
      </ul>
      <span className="presence-activity truncate text-[12px] text-muted" aria-live="polite">
        {busy.map((p) => `${nameOf(p)} is ${activityOf(p)}…`).join(' ')}
      </span>
    </div>
  );
}
