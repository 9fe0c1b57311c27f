import { useEffect } from 'react';
import { AdminUsersPage } from '../pages/AdminUsersPage.tsx';
import { DashboardPage } from '../pages/DashboardPage.tsx';
import { ForgotPasswordPage } from '../pages/ForgotPasswordPage.tsx';
import { InvitationPage } from '../pages/InvitationPage.tsx';
import { LoginPage } from '../pages/LoginPage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { OrganizationSettingsPage } from '../pages/OrganizationSettingsPage.tsx';
import { PreviewPage } from '../pages/PreviewPage.tsx';
import { ResetPasswordPage } from '../pages/ResetPasswordPage.tsx';
import { SignupPage } from '../pages/SignupPage.tsx';
import { WorkspacePage } from '../pages/WorkspacePage.tsx';
import { navigate, PUBLIC_ROUTES, useRoute } from '../router.ts';
import { useSession } from '../use-session.ts';
import { useToast } from '../use-toast.ts';
import { CommandPalette } from './CommandPalette.tsx';
import { ServerUnavailable } from './ServerUnavailable.tsx';
import { SkipLink } from './SkipLink.tsx';
import { Splash } from './Splash.tsx';

/** Only same-origin paths are followed after sign-in. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** Picks the screen for the current route, sending signed-out users to /login and signed-in ones away from it. */
export function App() {
  const session = useSession();
  const toast = useToast();
  const { route, search, href, pathname } = useRoute();
  const isAuthRoute = route.name === 'login' || route.name === 'signup';
  const redirect =
    session.status === 'signed-out' && !PUBLIC_ROUTES.has(route.name)
      ? href === '/'
        ? '/login'
        : `/login?next=${encodeURIComponent(href)}`
      : session.status === 'signed-in' && isAuthRoute
        ? safeNext(search.get('next'))
        : null;

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);

  // The server's /verify-email link lands on /?verified=1 (or 0 with a message): say so once, then tidy the URL.
  const verified = search.get('verified');
  const verifyMessage = search.get('message');
  useEffect(() => {
    if (verified === null) return;
    if (verified === '1') {
      toast('Your e-mail address is confirmed.');
      session.reload();
    } else {
      toast(verifyMessage || 'That confirmation link did not work.', 'error');
    }
    navigate(pathname, { replace: true });
  }, [verified, verifyMessage, pathname, toast, session.reload]);

  if (session.status === 'loading' || redirect) return <Splash />;
  if (session.status === 'error')
    return <ServerUnavailable message={session.error} onRetry={session.reload} />;

  return (
    <>
      <SkipLink />
      <Screen />
      {session.status === 'signed-in' ? <CommandPalette /> : null}
    </>
  );
}

/** The screen for the current route. */
function Screen() {
  const { route, search } = useRoute();
  switch (route.name) {
    case 'login':
      return <LoginPage next={safeNext(search.get('next'))} notice={search.get('notice')} />;
    case 'signup':
      return <SignupPage next={safeNext(search.get('next'))} />;
    case 'forgot-password':
      return <ForgotPasswordPage />;
    case 'reset-password':
      return <ResetPasswordPage token={search.get('token') ?? ''} />;
    case 'invitation':
      return <InvitationPage token={route.token} />;
    case 'dashboard':
      return <DashboardPage />;
    case 'project':
      return <WorkspacePage key={route.id} projectId={route.id} />;
    case 'project-preview':
      return <PreviewPage key={route.id} projectId={route.id} />;
    case 'organization-settings':
      return <OrganizationSettingsPage key={route.id} organizationId={route.id} />;
    case 'admin-users':
      return <AdminUsersPage />;
    case 'not-found':
      return <NotFoundPage />;
  }
}
