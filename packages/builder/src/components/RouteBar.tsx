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
    <form className="route-bar" onSubmit={submit}>
      <Globe size={14} aria-hidden="true" />
      <input
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
