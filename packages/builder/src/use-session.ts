/**
 * @module The signed-in user and their organisations, shared through context by `SessionProvider`.
 */
import { createContext, useContext } from 'react';
import type { Me, Organization } from './queries.ts';

export interface Session {
  /** `loading` until the first `me` query answers. */
  status: 'loading' | 'signed-in' | 'signed-out' | 'error';
  me: Me | null;
  organizations: Organization[];
  /** The organisation the dashboard shows (remembered in localStorage), or null before they load. */
  organization: Organization | null;
  selectOrganization: (id: string) => void;
  /** Loads the organisations again (after creating, joining, renaming or leaving one). */
  reloadOrganizations: () => Promise<Organization[]>;
  /** Set when the session could not be loaded at all (server down). */
  error: string | null;
  /** Stores the user a sign-in or sign-up answered with, then loads their organisations. */
  signedIn: (me: Me) => void;
  signOut: () => Promise<void>;
  reload: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it.');
  return session;
}
