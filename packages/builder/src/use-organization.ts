import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from './api.ts';
import { fetchOrganization, type OrganizationDetails } from './organization-queries.ts';

export type OrganizationState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; organization: OrganizationDetails };

/**
 * One organisation with its members, credits and (for ADMIN and up, `asAdmin`) invitations and event log.
 * `reload` keeps what is shown until the new answer arrives.
 */
export function useOrganization(
  id: string,
  asAdmin: boolean,
): { state: OrganizationState; reload: () => Promise<void> } {
  const [state, setState] = useState<OrganizationState>({ status: 'loading' });
  const issued = useRef(0);

  const reload = useCallback(async () => {
    const request = ++issued.current;
    try {
      const organization = await fetchOrganization(id, asAdmin);
      if (request !== issued.current) return;
      setState(organization ? { status: 'ready', organization } : { status: 'missing' });
    } catch (caught) {
      if (request !== issued.current) return;
      if (caught instanceof ApiError && (caught.code === 'not_found' || caught.code === 'forbidden')) {
        setState({ status: 'missing' });
      } else {
        setState({ status: 'error', message: errorMessage(caught) });
      }
    }
  }, [id, asAdmin]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { state, reload };
}
