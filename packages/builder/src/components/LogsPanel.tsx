import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../api.ts';
import { clockTime } from '../format-time.ts';
import { useFunctionLogs } from '../logs-queries.ts';
import type { StatusTone } from '../revision-status.ts';
import { FormAlert } from './FormAlert.tsx';
import { RefreshButton } from './RefreshButton.tsx';
import { SegmentedTabs } from './SegmentedTabs.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';
import { StatusDot, statusPillVariants } from './ui/badge.tsx';
import { NativeSelect } from './ui/input.tsx';
import { Table, TableCell, TableFrame, TableHead } from './ui/table.tsx';

type Branch = 'development' | 'main';

const BRANCHES: { branch: Branch; label: string }[] = [
  { branch: 'development', label: 'In the preview' },
  { branch: 'main', label: 'Published app' },
];
const LEVEL_TONES: Record<string, StatusTone> = { INFO: 'ok', WARN: 'warn', ERROR: 'error' };
const LEVEL_FILTERS = [
  { value: 'INFO', label: 'All levels' },
  { value: 'WARN', label: 'Warnings and errors' },
  { value: 'ERROR', label: 'Errors only' },
] as const;
const RANK: Record<string, number> = { INFO: 0, WARN: 1, ERROR: 2 };

/**
 * The project's Logs tab (issue 19): what its functions did — each request with its status and duration, their
 * console output (INFO, WARN, ERROR) and outbound calls — for the preview or the published app, newest first.
 * Live while open: the project's room says when new entries were written; without it, polled.
 */
export function LogsPanel({ projectId, organizationId }: { projectId: string; organizationId: string }) {
  const [branch, setBranch] = useState<Branch>('development');
  const [minLevel, setMinLevel] = useState<string>('INFO');
  const query = useFunctionLogs(projectId, organizationId, branch);
  const { connected } = query;
  const logs = query.data ?? null;
  const error = query.error ? errorMessage(query.error) : null;

  const shown = (logs ?? []).filter((l) => (RANK[l.level] ?? 0) >= (RANK[minLevel] ?? 0));
  return (
    <div className="logs-panel mx-auto flex w-full max-w-[760px] flex-col gap-5 p-5">
      <SettingsSection
        id="function-logs"
        title="Logs"
        description="What your app's functions did: every request, its console output and its calls to other services. Secret values are masked."
      >
        <div className="flex flex-wrap items-center gap-3 [&>button]:ml-auto">
          <SegmentedTabs
            label="Which app"
            options={BRANCHES.map((b) => ({ value: b.branch, label: b.label }))}
            value={branch}
            onChange={setBranch}
          />
          <NativeSelect aria-label="Level" value={minLevel} onChange={(e) => setMinLevel(e.target.value)}>
            {LEVEL_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </NativeSelect>
          <span className="text-muted">{connected ? 'Live' : 'Updating every few seconds'}</span>
          <RefreshButton loading={query.isFetching} onClick={() => void query.refetch()} />
        </div>
        {error ? <FormAlert message={error} /> : null}
        {logs === null && !error ? <Spinner /> : null}
        {logs !== null && shown.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border-strong px-6 py-10">
            <ScrollText size={20} aria-hidden="true" />
            <p>
              {logs.length === 0
                ? `No function has run on the ${branch === 'main' ? 'published app' : 'preview'} yet. Calls to /api/… show here as they happen.`
                : 'Nothing at this level.'}
            </p>
          </div>
        ) : null}
        {shown.length > 0 ? (
          <TableFrame>
            <Table className="logs-table">
              <thead>
                <tr>
                  <TableHead>Time</TableHead>
                  <TableHead>Level</TableHead>
                  <TableHead>Source</TableHead>
                  <TableHead>Message</TableHead>
                </tr>
              </thead>
              <tbody>
                {shown.map((l) => (
                  <tr key={l.id} data-level={l.level} data-source={l.source}>
                    <TableCell className="text-muted" title={l.createdAt}>
                      {clockTime(l.createdAt, { seconds: true })}
                    </TableCell>
                    <TableCell>
                      <span className={statusPillVariants({ tone: LEVEL_TONES[l.level] ?? 'warn' })}>
                        <StatusDot />
                        {l.level}
                      </span>
                    </TableCell>
                    <TableCell className="text-muted">{l.source.toLowerCase()}</TableCell>
                    <TableCell className="font-mono text-[12px] whitespace-pre-wrap [word-break:break-word]">
                      {l.message}
                    </TableCell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableFrame>
        ) : null}
      </SettingsSection>
    </div>
  );
}
