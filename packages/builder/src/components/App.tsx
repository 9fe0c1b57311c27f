import { useEffect } from 'react';
import { DashboardPage } from '../pages/DashboardPage.tsx';
import { LoginPage } from '../pages/LoginPage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { SignupPage } from '../pages/SignupPage.tsx';
import { WorkspacePage } from '../pages/WorkspacePage.tsx';
import { navigate, useRoute } from '../router.ts';
import { useSession } from '../use-session.ts';
import { ServerUnavailable } from './ServerUnavailable.tsx';
import { Splash } from './Splash.tsx';

/** Only same-origin paths are followed after sign-in. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** Picks the screen for the current route, sending signed-out users to /login and signed-in ones away from it. */
export function App() {
  const session = useSession();
  const { route, search, href } = useRoute();
  const isAuthRoute = route.name === 'login' || route.name === 'signup';
  const redirect =
    session.status === 'signed-out' && !isAuthRoute
      ? href === '/'
        ? '/login'
        : `/login?next=${encodeURIComponent(href)}`
      : session.status === 'signed-in' && isAuthRoute
        ? safeNext(search.get('next'))
        : null;

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);

  if (session.status === 'loading' || redirect) return <Splash />;
  if (session.status === 'error')
    return <ServerUnavailable message={session.error} onRetry={session.reload} />;

  switch (route.name) {
    case 'login':
      return <LoginPage next={safeNext(search.get('next'))} />;
    case 'signup':
      return <SignupPage next={safeNext(search.get('next'))} />;
    case 'dashboard':
      return <DashboardPage />;
    case 'project':
      return <WorkspacePage key={route.id} projectId={route.id} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}
