// @vitest-environment happy-dom
/**
 * The builder's route tree (TanStack Router over a memory history) with the real root route and pages: the
 * URLs stay as they were, signed-out people go to /login with `?next=` and come back after sign-in, unknown
 * URLs get the 404 screen, links are real `<a href>`s that navigate without a reload, and each screen sets
 * its title.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { safeNext } from '../src/components/App.tsx';
import { ToastProvider } from '../src/components/ToastProvider.tsx';
import type { Me } from '../src/queries.ts';
import { createBuilderRouter, parseSearch, stringifySearch } from '../src/router.tsx';
import { type Session, SessionContext } from '../src/use-session.ts';

afterEach(cleanup);

const ME: Me = {
  id: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada',
  username: 'ada',
  role: 'CUSTOMER',
  status: 'ACTIVE',
  profile: { photoURL: null },
};

function session(status: Session['status']): Session {
  return {
    status,
    me: status === 'signed-in' ? ME : null,
    organizations: [],
    organization: null,
    selectOrganization: () => {},
    reloadOrganizations: async () => [],
    error: null,
    signedIn: () => {},
    signOut: async () => {},
    reload: () => {},
  };
}

/** Opens the builder at `url` with a session in `status`; returns the router to read its location. */
function open(url: string, status: Session['status']) {
  const router = createBuilderRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={session(status)}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  const href = () => router.state.location.href;
  return { router, href };
}

describe('search strings', () => {
  it('are plain key=value pairs, as before the router (not JSON-encoded)', () => {
    expect(stringifySearch({ next: '/projects/abc?x=1', notice: undefined })).toBe(
      '?next=%2Fprojects%2Fabc%3Fx%3D1',
    );
    expect(stringifySearch({ verified: '1' })).toBe('?verified=1');
    expect(stringifySearch({})).toBe('');
    expect(parseSearch('?verified=1&message=Link%20expired')).toEqual({
      verified: '1',
      message: 'Link expired',
    });
  });
});

describe('routes', () => {
  it('sends a signed-out visitor to /login with the way back in ?next=', async () => {
    const { href } = open('/projects/p1', 'signed-out');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(href()).toBe('/login?next=%2Fprojects%2Fp1');
    expect(document.title).toBe('Sign in · Kiln');
    // The way to sign up keeps the way back.
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/signup?next=%2Fprojects%2Fp1',
    );
  });

  it('sends a signed-out visitor at / to plain /login', async () => {
    const { href } = open('/', 'signed-out');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(href()).toBe('/login');
  });

  it('lets a signed-out visitor open the password screens, with or without a trailing slash', async () => {
    const { href } = open('/forgot-password/', 'signed-out');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(href()).toMatch(/^\/forgot-password\/?$/);
  });

  it('reads the reset token from the search string', async () => {
    open('/reset-password', 'signed-out');
    // Without a token the form says so at once.
    expect(await screen.findByText('This link has no reset token. Ask for a new link.')).toBeTruthy();
    cleanup();
    open('/reset-password?token=t1', 'signed-out');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(screen.queryByText('This link has no reset token. Ask for a new link.')).toBeNull();
  });

  it('sends a signed-in user away from /login to ?next=, which may be any in-app path', async () => {
    const { href } = open('/login?next=%2Fno%2Fsuch%2Fscreen', 'signed-in');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(href()).toBe('/no/such/screen');
    expect(document.title).toBe('Page not found · Kiln');
  });

  it('never follows a ?next= to another origin', () => {
    expect(safeNext('//evil.example/x')).toBe('/');
    expect(safeNext('https://evil.example/x')).toBe('/');
    expect(safeNext(undefined)).toBe('/');
    expect(safeNext('/projects/p1?tab=code')).toBe('/projects/p1?tab=code');
  });

  it('shows the 404 screen for an unknown URL, with a link home, after the skip link', async () => {
    open('/nope', 'signed-in');
    await screen.findByRole('heading', { name: 'Page not found' });
    const links = screen.getAllByRole('link');
    expect(links[0]?.textContent).toBe('Skip to content');
    expect(screen.getByRole('link', { name: 'Back to your projects' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('a signed-out visitor at an unknown URL signs in first', async () => {
    const { href } = open('/nope?x=1', 'signed-out');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(href()).toBe('/login?next=%2Fnope%3Fx%3D1');
  });

  it('a plain click on a link changes screen without a reload; Back returns', async () => {
    const { router, href } = open('/login', 'signed-out');
    const link = await screen.findByRole('link', { name: 'Forgot your password?' });
    expect(link.getAttribute('href')).toBe('/forgot-password');
    fireEvent.click(link, { button: 0 });
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(href()).toBe('/forgot-password');
    expect(document.title).toBe('Reset your password · Kiln');
    await act(async () => router.history.back());
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(href()).toBe('/login');
  });
});
