/**
 * @module The builder's screens as a TanStack Router route tree (code-based): every URL, its typed params and
 * search, and who may open it. `App` (the root route) sends signed-out people to `/login` and signed-in ones
 * away from it; the routes here only map URLs to pages.
 *
 * URLs are kept exactly as they were before the router: plain `?key=value` search strings (not TanStack's
 * JSON-encoded values), so `/login?next=%2Fprojects%2F…` and the server's `/?verified=1` stay as they are.
 */
import { createRootRoute, createRoute, createRouter, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { App, safeNext } from './components/App.tsx';
import { AdminUsersPage } from './pages/AdminUsersPage.tsx';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.tsx';
import { InvitationPage } from './pages/InvitationPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { OrganizationSettingsPage } from './pages/OrganizationSettingsPage.tsx';
import { PreviewPage } from './pages/PreviewPage.tsx';
import { ResetPasswordPage } from './pages/ResetPasswordPage.tsx';
import { SignupPage } from './pages/SignupPage.tsx';
import { WorkspacePage } from './pages/WorkspacePage.tsx';
import { useSession } from './use-session.ts';
import { useToast } from './use-toast.ts';

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /**
     * Who may open the screen signed out. `public`: anyone; `signed-out`: anyone, and signed-in people are
     * sent on (to `?next=` or the dashboard). Screens without it need a session (unknown URLs too).
     */
    access?: 'public' | 'signed-out';
  }
}

/** Parses `?a=1&b=x` into plain strings (the last of a repeated key wins). */
export function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/** Writes plain string values back as `?a=1&b=x`, leaving out empty ones. */
export function stringifySearch(search: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** A search value as a string, or undefined when it is absent. */
const text = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : String(value);

const rootRoute = createRootRoute({
  component: App,
  notFoundComponent: () => <NotFoundPage />,
});

const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // The server's /verify-email link lands on /?verified=1 (or 0 with a message).
  validateSearch: (search: Record<string, unknown>): { verified?: string; message?: string } => ({
    verified: text(search.verified),
    message: text(search.message),
  }),
  component: DashboardScreen,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: { access: 'signed-out' },
  validateSearch: (search: Record<string, unknown>): { next?: string; notice?: string } => ({
    next: text(search.next),
    notice: text(search.notice),
  }),
  component: function LoginScreen() {
    const { next, notice } = loginRoute.useSearch();
    return <LoginPage next={safeNext(next)} notice={notice ?? null} />;
  },
});

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  staticData: { access: 'signed-out' },
  validateSearch: (search: Record<string, unknown>): { next?: string } => ({ next: text(search.next) }),
  component: function SignupScreen() {
    return <SignupPage next={safeNext(signupRoute.useSearch().next)} />;
  },
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  staticData: { access: 'public' },
  component: ForgotPasswordPage,
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  staticData: { access: 'public' },
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: text(search.token) }),
  component: function ResetPasswordScreen() {
    return <ResetPasswordPage token={resetPasswordRoute.useSearch().token ?? ''} />;
  },
});

const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invitations/$token',
  component: function InvitationScreen() {
    return <InvitationPage token={invitationRoute.useParams().token} />;
  },
});

const projectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/projects/$projectId',
  component: function ProjectScreen() {
    const { projectId } = projectRoute.useParams();
    // A new project is a new workspace: nothing of the previous one's state carries over.
    return <WorkspacePage key={projectId} projectId={projectId} />;
  },
});

const projectPreviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/projects/$projectId/preview',
  validateSearch: (search: Record<string, unknown>): { route?: string } => ({ route: text(search.route) }),
  component: function ProjectPreviewScreen() {
    const { projectId } = projectPreviewRoute.useParams();
    const { route } = projectPreviewRoute.useSearch();
    // The live preview alone, full window (Open in a new tab, Copy link).
    return (
      <PreviewPage
        key={projectId}
        projectId={projectId}
        search={new URLSearchParams(route ? { route } : {})}
      />
    );
  },
});

const organizationSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/organizations/$organizationId/settings',
  component: function OrganizationSettingsScreen() {
    const { organizationId } = organizationSettingsRoute.useParams();
    return <OrganizationSettingsPage key={organizationId} organizationId={organizationId} />;
  },
});

const adminUsersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/users',
  component: AdminUsersPage,
});

const routeTree = rootRoute.addChildren([
  dashboardRoute,
  loginRoute,
  signupRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  invitationRoute,
  projectRoute,
  projectPreviewRoute,
  organizationSettingsRoute,
  adminUsersRoute,
]);

/** The builder's router; `history` is the browser's unless a test passes a memory history. */
export function createBuilderRouter(
  options: { history?: Parameters<typeof createRouter>[0]['history'] } = {},
) {
  return createRouter({
    routeTree,
    ...options,
    parseSearch,
    stringifySearch,
    // Back and Forward return to where the page was scrolled; a new screen starts at the top.
    scrollRestoration: true,
  });
}

export const router = createBuilderRouter();

/** The dashboard, which first turns `/?verified=…` into a toast and tidies the URL. */
function DashboardScreen() {
  const { verified, message } = dashboardRoute.useSearch();
  const navigate = useNavigate();
  const toast = useToast();
  const { reload } = useSession();
  useEffect(() => {
    if (verified === undefined) return;
    if (verified === '1') {
      toast('Your e-mail address is confirmed.');
      reload();
    } else {
      toast(message || 'That confirmation link did not work.', 'error');
    }
    void navigate({ to: '/', replace: true, resetScroll: false });
  }, [verified, message, navigate, toast, reload]);
  return <DashboardPage />;
}
