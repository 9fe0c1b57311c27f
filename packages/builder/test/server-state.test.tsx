// @vitest-environment happy-dom
/**
 * Organisation settings on TanStack Query and the preview's buttons (issue 21), rendered with Testing
 * Library in happy-dom over a real QueryClient: an optimistic change to the cached organisation and putting
 * it back, a settings section that keeps what is being typed when its read answers again, the preview link
 * at a route, and the preview buttons (Copy link with its toast, Reload, Open in a new tab).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { KnowledgeSection } from '../src/components/KnowledgeSection.tsx';
import { PreviewActions } from '../src/components/PreviewActions.tsx';
import { ToastProvider } from '../src/components/ToastProvider.tsx';
import type { OrganizationDetails } from '../src/organization-queries.ts';
import { previewLink, previewPath, routeFromSearch } from '../src/preview-link.ts';
import { queryKeys } from '../src/query-client.ts';
import { patchOrganization } from '../src/use-organization.ts';

afterEach(cleanup);

function wrap(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}

const organization = {
  id: 'org-1',
  name: 'Acme',
  members: [{ userId: 'u1', email: 'a@example.com', displayName: 'Ann', role: 'EDITOR', joinedAt: '' }],
  invitations: [],
  events: [],
} as unknown as OrganizationDetails;

describe('patchOrganization', () => {
  it('changes both cached reads of the organisation at once and puts them back', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.organizationDetails('org-1', true), organization);
    client.setQueryData(queryKeys.organizationDetails('org-1', false), organization);
    client.setQueryData(queryKeys.organizationDetails('org-2', true), { ...organization, id: 'org-2' });
    const undo = await patchOrganization(client, 'org-1', (o) => ({
      ...o,
      members: o.members.map((m) => ({ ...m, role: 'ADMIN' })),
    }));
    const roleIn = (id: string, asAdmin: boolean) =>
      client.getQueryData<OrganizationDetails>(queryKeys.organizationDetails(id, asAdmin))?.members[0]?.role;
    expect([roleIn('org-1', true), roleIn('org-1', false), roleIn('org-2', true)]).toEqual([
      'ADMIN',
      'ADMIN',
      'EDITOR',
    ]);
    undo();
    expect([roleIn('org-1', true), roleIn('org-1', false)]).toEqual(['EDITOR', 'EDITOR']);
  });
});

describe('KnowledgeSection', () => {
  it('starts from the read, keeps typing through a refetch, and caches what was saved', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let stored = 'Prices in euros.';
    const key = queryKeys.organizationSection('org-1', 'knowledge');
    render(
      <KnowledgeSection
        scope="organization"
        canEdit
        queryKey={key}
        load={async () => ({ text: stored })}
        save={async (text) => {
          stored = text.trim();
          return stored;
        }}
      />,
      { wrapper: wrap(client) },
    );
    const field = (await screen.findByLabelText('Organisation knowledge')) as HTMLTextAreaElement;
    expect(field.value).toBe('Prices in euros.');
    fireEvent.change(field, { target: { value: 'Prices in dollars. ' } });
    await act(() => client.refetchQueries({ queryKey: key }));
    expect(field.value).toBe('Prices in dollars. ');
    fireEvent.click(screen.getByRole('button', { name: 'Save knowledge' }));
    await screen.findByText(/Knowledge saved/);
    expect(field.value).toBe('Prices in dollars.');
    expect(client.getQueryData(key)).toEqual({ text: 'Prices in dollars.' });
  });

  it('says why when the first read fails', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <KnowledgeSection
        scope="organization"
        canEdit={false}
        queryKey={['knowledge-fails']}
        load={() => Promise.reject(new Error('The server said no.'))}
        save={async (t) => t}
      />,
      { wrapper: wrap(client) },
    );
    expect((await screen.findByRole('alert')).textContent).toContain('The server said no.');
  });
});

describe('preview link', () => {
  it('names the route, and only a path is taken from a link', () => {
    expect(previewPath('p1', '/')).toBe('/projects/p1/preview');
    expect(previewLink('http://kiln.test', 'p1', '/todos/3')).toBe(
      'http://kiln.test/projects/p1/preview?route=%2Ftodos%2F3',
    );
    expect(routeFromSearch(new URLSearchParams('route=%2Ftodos'))).toBe('/todos');
    expect(routeFromSearch(new URLSearchParams('route=//evil.example'))).toBe('/');
    expect(routeFromSearch(new URLSearchParams(''))).toBe('/');
  });
});

describe('PreviewActions', () => {
  it('copies the link at the route with a toast, opens it, and reloads', async () => {
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          copied = text;
        },
      },
    });
    let reloads = 0;
    render(<PreviewActions projectId="p1" route="/about" onReload={() => reloads++} />, {
      wrapper: wrap(new QueryClient()),
    });
    const link = `${location.origin}/projects/p1/preview?route=%2Fabout`;
    const open = screen.getByRole('link', { name: 'Open in a new tab' });
    expect([open.getAttribute('href'), open.getAttribute('target')]).toEqual([link, '_blank']);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await screen.findByText('Link copied');
    expect(copied).toBe(link);
    fireEvent.click(screen.getByRole('button', { name: 'Reload preview' }));
    await waitFor(() => expect(reloads).toBe(1));
  });
});
