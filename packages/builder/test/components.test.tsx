// @vitest-environment happy-dom
/**
 * Builder components with logic, rendered with Testing Library in happy-dom: the stage tabs' keyboard
 * pattern, a field's error tied to its input, the visible reason a Publish button is disabled, and the
 * connection indicator following the browser's online state.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionIndicator } from '../src/components/ConnectionIndicator.tsx';
import { Field } from '../src/components/Field.tsx';
import { PublishControl } from '../src/components/PublishControl.tsx';
import { type StageTab, StageTabs } from '../src/components/StageTabs.tsx';
import { reportReachable } from '../src/connection.ts';
import { type AppDatabase, type DatabaseBranch, useAppDatabase } from '../src/database-queries.ts';
import { queryKeys } from '../src/query-client.ts';

afterEach(cleanup);

function Tabs() {
  const [tab, setTab] = useState<StageTab>('preview');
  return <StageTabs tab={tab} onChange={setTab} />;
}

describe('StageTabs', () => {
  it('is one Tab stop; arrow keys select and focus the next tab', () => {
    render(<Tabs />);
    const preview = screen.getByRole('tab', { name: 'Preview' });
    expect(preview.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Code' }).getAttribute('tabindex')).toBe('-1');
    preview.focus();
    fireEvent.keyDown(preview, { key: 'ArrowRight' });
    const code = screen.getByRole('tab', { name: 'Code' });
    expect(code.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(code);
    fireEvent.keyDown(code, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('Field', () => {
  it('ties its error to the input and marks it invalid', () => {
    render(<Field label="Email" error="Enter a valid e-mail address." />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('Enter a valid e-mail address.');
  });

  it('has no error wiring without an error', () => {
    render(<Field label="Name" hint="Optional" />);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Optional',
    );
  });
});

describe('PublishControl', () => {
  it('says why it is disabled in text tied to the button', () => {
    render(
      <PublishControl
        url={null}
        freshness="UP_TO_DATE"
        disabledReason="Wait until Kiln has finished building."
        publishing={false}
        onPublish={() => {}}
      />,
    );
    const button = screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Wait until Kiln has finished building.');
  });

  it('keeps focus while publishing and ignores a second press', () => {
    let presses = 0;
    const { rerender } = render(
      <PublishControl
        url={null}
        freshness="UP_TO_DATE"
        disabledReason={null}
        publishing={false}
        onPublish={() => presses++}
      />,
    );
    const button = screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);
    rerender(
      <PublishControl
        url={null}
        freshness="UP_TO_DATE"
        disabledReason={null}
        publishing
        onPublish={() => presses++}
      />,
    );
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.textContent).toContain('Publishing…');
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(presses).toBe(1);
  });
});

describe('ConnectionIndicator', () => {
  it('says Reconnecting… while the server is unreachable and goes when it answers again', () => {
    render(<ConnectionIndicator />);
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => reportReachable(false));
    expect(screen.getByRole('status').textContent).toContain('Reconnecting…');
    act(() => reportReachable(true));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

/** Reads per branch answer when the test says; the branch shown is the one last chosen. */
function BranchReader({ answers }: { answers: Map<string, (value: AppDatabase) => void> }) {
  const [branch, setBranch] = useState<DatabaseBranch>('development');
  const load = useCallback(
    (_projectId: string, which: DatabaseBranch) =>
      new Promise<AppDatabase>((resolve) => answers.set(which, resolve)),
    [answers],
  );
  const { data } = useAppDatabase('p1', branch, 'r1', load);
  return (
    <>
      <button type="button" onClick={() => setBranch('main')}>
        Published data
      </button>
      <output>{data ? data.name : 'loading'}</output>
    </>
  );
}

const database = (name: string) => ({ name }) as AppDatabase;

describe('useAppDatabase', () => {
  it("shows the chosen branch's rows only: the other branch's read answering last never replaces them", async () => {
    const answers = new Map<string, (value: AppDatabase) => void>();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <BranchReader answers={answers} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(answers.has('development')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Published data' }));
    // While the published read is under way the preview's rows are not shown in its place.
    expect(screen.getByRole('status').textContent).toBe('loading');
    await waitFor(() => expect(answers.has('main')).toBe(true));
    await act(async () => answers.get('main')?.(database('published rows')));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('published rows'));
    // The preview branch's read was slower and answers now: it must not replace what the user asked for.
    await act(async () => answers.get('development')?.(database('preview rows')));
    // It is kept under its own branch, for when the person switches back…
    await waitFor(() =>
      expect(client.getQueryData<AppDatabase>(queryKeys.appDatabase('p1', 'development', 'r1'))?.name).toBe(
        'preview rows',
      ),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // …and the published rows stay on screen.
    expect(screen.getByRole('status').textContent).toBe('published rows');
  });

  it('reads again when a revision finished while the tab was closed, even within the stale time', async () => {
    let reads = 0;
    const load = async () => database(`read ${++reads}`);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    function Reader({ revisionKey }: { revisionKey: string }) {
      const { data } = useAppDatabase('p1', 'development', revisionKey, load);
      return <output>{data ? data.name : 'loading'}</output>;
    }
    const shown = (revisionKey: string | null) => (
      <QueryClientProvider client={client}>
        {revisionKey ? <Reader revisionKey={revisionKey} /> : null}
      </QueryClientProvider>
    );
    const { rerender } = render(shown('r1:VALID'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('read 1'));
    // The tab is closed, a restore with data finishes, the tab opens again: not the rows read before it.
    rerender(shown(null));
    rerender(shown('r2:VALID'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('read 2'));
    // While open, a finished revision keeps the rows on screen until the new read answers.
    rerender(shown('r3:VALID'));
    expect(screen.getByRole('status').textContent).toBe('read 2');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('read 3'));
    // The same revision again is served from the cache.
    rerender(shown(null));
    rerender(shown('r3:VALID'));
    expect(screen.getByRole('status').textContent).toBe('read 3');
    expect(reads).toBe(3);
  });
});
