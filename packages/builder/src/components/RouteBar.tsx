import { Globe } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';

/** Shows the route the preview is on; type another and press Enter to go there. */
export function RouteBar({
  route,
  routes,
  onNavigate,
}: {
  route: string;
  routes: string[];
  onNavigate: (route: string) => void;
}) {
  const [draft, setDraft] = useState(route);
  const listId = useId();
  useEffect(() => setDraft(route), [route]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = draft.trim() || '/';
    onNavigate(next.startsWith('/') ? next : `/${next}`);
  }

  return (
    <form
      className="relative mx-auto flex max-w-[520px] min-w-40 flex-[1_1_180px] items-center @max-[480px]:order-3 @max-[480px]:max-w-none @max-[480px]:basis-full text-muted [&>svg]:pointer-events-none [&>svg]:absolute [&>svg]:left-[11px]"
      onSubmit={submit}
    >
      <Globe size={14} aria-hidden="true" />
      <input
        className="h-8 w-full rounded-full border border-border bg-bg pr-3 pl-8 font-mono text-[12.5px] leading-normal text-ink transition-[border-color,box-shadow] duration-[120ms] ease-[ease] focus:border-accent focus:shadow-[0_0_0_3px_var(--accent-ring)] focus:outline-none"
        aria-label="Route"
        list={listId}
        value={draft}
        spellCheck={false}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => setDraft(route)}
      />
      <datalist id={listId}>
        {routes.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
    </form>
  );
}
