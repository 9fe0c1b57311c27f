import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, errorMessage, SESSION_LOST_EVENT } from '../api.ts';
import {
  fetchMe,
  fetchOrganizations,
  type Me,
  type Organization,
  signOut as signOutMutation,
} from '../queries.ts';
import { type Session, SessionContext } from '../use-session.ts';

const SELECTED_KEY = 'kiln:organization';

function remembered(): string | null {
  try {
    return localStorage.getItem(SELECTED_KEY);
  } catch {
    return null;
  }
}

function remember(id: string): void {
  try {
    localStorage.setItem(SELECTED_KEY, id);
  } catch {
    // Storage may be off (private mode); the choice then lasts for this page only.
  }
}

/** Loads the session once and keeps it for the whole app. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Session['status']>('loading');
  const [me, setMe] = useState<Me | null>(null);
  const [organizations, setOrganizations] = useState<Organization[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(remembered);

  const loadOrganizations = useCallback(async () => {
    try {
      const list = await fetchOrganizations();
      setOrganizations(list);
      return list;
    } catch {
      // The header shows no organisation name; everything else still works.
      setOrganizations([]);
      return [];
    }
  }, []);

  const selectOrganization = useCallback((id: string) => {
    remember(id);
    setSelectedId(id);
  }, []);

  // The remembered one while it is still ours, else the personal one (listed first).
  const organization = organizations.find((o) => o.id === selectedId) ?? organizations[0] ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on purpose.
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const user = await fetchMe();
        if (!live) return;
        // Organisations first, so every screen starts knowing the user's roles and selected organisation.
        if (user) await loadOrganizations();
        if (!live) return;
        setMe(user);
        setError(null);
        setStatus(user ? 'signed-in' : 'signed-out');
      } catch (caught) {
        if (!live) return;
        if (caught instanceof ApiError && caught.code === 'unauthenticated') {
          setMe(null);
          setStatus('signed-out');
        } else {
          setError(errorMessage(caught));
          setStatus('error');
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt, loadOrganizations]);

  // Any call answered `unauthenticated` (an expired cookie, a sign-out in another tab) ends the session here.
  useEffect(() => {
    const lost = () => {
      setMe(null);
      setOrganizations([]);
      setStatus((old) => (old === 'signed-in' ? 'signed-out' : old));
    };
    window.addEventListener(SESSION_LOST_EVENT, lost);
    return () => window.removeEventListener(SESSION_LOST_EVENT, lost);
  }, []);

  const signedIn = useCallback(
    (user: Me) => {
      setMe(user);
      setStatus('signed-in');
      void loadOrganizations();
    },
    [loadOrganizations],
  );

  const signOut = useCallback(async () => {
    await signOutMutation();
    setMe(null);
    setOrganizations([]);
    setStatus('signed-out');
  }, []);

  // The server could not be reached: try again by itself when the network returns and every few seconds.
  useEffect(() => {
    if (status !== 'error') return;
    const again = () => setAttempt((n) => n + 1);
    const timer = setInterval(again, 4000);
    window.addEventListener('online', again);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', again);
    };
  }, [status]);

  const reload = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo<Session>(
    () => ({
      status,
      me,
      organizations,
      organization,
      selectOrganization,
      reloadOrganizations: loadOrganizations,
      error,
      signedIn,
      signOut,
      reload,
    }),
    [
      status,
      me,
      organizations,
      organization,
      selectOrganization,
      loadOrganizations,
      error,
      signedIn,
      signOut,
      reload,
    ],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}
