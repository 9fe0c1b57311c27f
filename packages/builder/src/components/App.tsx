import { Outlet, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useNavigationFocus } from '../use-navigation-focus.ts';
import { useScrollRestoration } from '../use-scroll-restoration.ts';
import { useSession } from '../use-session.ts';
import { CommandPalette } from './CommandPalette.tsx';
import { ServerUnavailable } from './ServerUnavailable.tsx';
import { SkipLink } from './SkipLink.tsx';
import { Splash } from './Splash.tsx';

/** Only same-origin paths are followed after sign-in. */
export function safeNext(next: string | null | undefined): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * The root route: sends signed-out users to /login (with `?next=` back to where they were) and signed-in ones
 * away from /login and /signup, then shows the screen for the current route.
 *
 * This is decided here on every render rather than in a route's `beforeLoad`: the session is React state that
 * changes without a navigation (signing out in another tab ends it here too), and a screen must never render
 * for a session it does not have while a redirect is on its way.
 */
export function App() {
  const session = useSession();
  const router = useRouter();
  const navigate = useNavigate();
  const location = useLocation();
  useScrollRestoration();
  useNavigationFocus();
  const href = location.pathname + location.searchStr;
  const access = router.getMatchedRoutes(location.pathname)[2]?.options.staticData?.access;
  const redirect =
    session.status === 'signed-out' && access === undefined
      ? href === '/'
        ? '/login'
        : `/login?next=${encodeURIComponent(href)}`
      : session.status === 'signed-in' && access === 'signed-out'
        ? safeNext(new URLSearchParams(location.searchStr).get('next'))
        : null;

  useEffect(() => {
    if (redirect) void navigate({ href: redirect, replace: true });
  }, [redirect, navigate]);

  if (session.status === 'loading' || redirect) return <Splash />;
  if (session.status === 'error')
    return <ServerUnavailable message={session.error} onRetry={session.reload} />;

  return (
    <>
      <SkipLink />
      <Outlet />
      {session.status === 'signed-in' ? <CommandPalette /> : null}
    </>
  );
}
