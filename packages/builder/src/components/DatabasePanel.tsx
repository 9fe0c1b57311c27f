import { Database } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../api.ts';
import {
  type AppTable,
  type DatabaseBranch,
  useAppDatabase,
  usePublicReadChange,
} from '../database-queries.ts';
import { PUBLIC_SHEET_TABLE } from '../public-sheet-queries.ts';
import type { StatusTone } from '../revision-status.ts';
import { DatabaseUsage } from './DatabaseUsage.tsx';
import { FormAlert } from './FormAlert.tsx';
import { PublicSheetDownload } from './PublicSheetDownload.tsx';
import { RefreshButton } from './RefreshButton.tsx';
import { SegmentedTabs } from './SegmentedTabs.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { StatusDot, statusPillVariants } from './ui/badge.tsx';
import { Table, TableCell, TableFrame, TableHead } from './ui/table.tsx';

const BRANCHES: { branch: DatabaseBranch; label: string }[] = [
  { branch: 'development', label: 'Preview data' },
  { branch: 'main', label: 'Published data' },
];

const MIGRATION_TONES: Record<string, StatusTone> = {
  COMPLETED: 'ok',
  FAILED: 'error',
  PENDING: 'busy',
  RUNNING: 'busy',
  PREPARING: 'busy',
  REVERTED: 'warn',
};

/** A cell's value as text: null shown as such, objects as JSON. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The table's Public read switch (issue 13): off by default; when on, visitors of the published app may read
 * the table with a SELECT over `/api/db/{databaseId}`. EDITOR+ change it; a VIEWER sees it read-only.
 */
function PublicReadSwitch({
  projectId,
  table,
  canEdit,
}: {
  projectId: string;
  table: AppTable;
  canEdit: boolean;
}) {
  const change = usePublicReadChange(projectId);
  const on = table.publicRead;
  return (
    <div className="mb-2 text-[12.5px]">
      <label
        className="inline-flex cursor-pointer items-center gap-2"
        title={canEdit ? undefined : 'Viewers cannot change this.'}
      >
        <input
          type="checkbox"
          role="switch"
          className="relative m-0 h-[18px] w-[30px] flex-none cursor-pointer appearance-none rounded-full bg-border transition-[background] duration-150 before:absolute before:top-0.5 before:left-0.5 before:size-3.5 before:rounded-full before:bg-white before:transition-transform before:duration-150 before:content-[''] checked:bg-accent checked:before:translate-x-3 disabled:cursor-default disabled:opacity-60"
          checked={on}
          aria-checked={on}
          disabled={!canEdit || change.isPending}
          onChange={(e) => change.mutate({ table: table.name, publicRead: e.target.checked })}
        />
        <span>Public read: visitors of the published app may read this table</span>
      </label>
      {change.error ? <FormAlert message={errorMessage(change.error)} /> : null}
    </div>
  );
}

function TableView({
  table,
  projectId,
  canEdit,
  branch,
}: {
  table: AppTable;
  projectId: string;
  canEdit: boolean;
  branch: DatabaseBranch;
}) {
  const rows = table.rows.map((r) => JSON.parse(r) as Record<string, unknown>);
  return (
    <div data-table={table.name}>
      <h3 className="mt-1 mb-2 text-[14px]">
        {table.name}{' '}
        <span className="text-muted">· {table.rowCount === 1 ? '1 row' : `${table.rowCount} rows`}</span>
      </h3>
      <PublicReadSwitch projectId={projectId} table={table} canEdit={canEdit} />
      {table.name === PUBLIC_SHEET_TABLE ? (
        <PublicSheetDownload projectId={projectId} branch={branch} />
      ) : null}
      <TableFrame role="region" aria-label="Table rows" tabIndex={0}>
        <Table>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <TableHead key={c.name} title={`${c.type}${c.nullable ? '' : ', not null'}`}>
                  {c.name} <span className="font-mono text-[11px] font-normal text-text-2">{c.type}</span>
                </TableHead>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <TableCell colSpan={Math.max(table.columns.length, 1)} className="text-muted">
                  No rows yet.
                </TableCell>
              </tr>
            ) : (
              rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no guaranteed key column.
                <tr key={i}>
                  {table.columns.map((c) => (
                    <TableCell key={c.name} className="max-w-[280px] truncate tabular-nums">
                      {cellText(row[c.name])}
                    </TableCell>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </TableFrame>
      {table.rowCount > rows.length ? (
        <p className="mt-1.5 text-[12px] text-muted">
          Showing the newest {rows.length} of {table.rowCount} rows.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The project's Database tab: the tables its migrations made, with their rows, on the preview's branch or the
 * published app's, and every migration with its status. Re-read when a revision finishes.
 */
export function DatabasePanel({
  projectId,
  revisionKey,
  canEdit,
}: {
  projectId: string;
  revisionKey: string;
  /** EDITOR and up: may change each table's Public read setting. */
  canEdit: boolean;
}) {
  const [branch, setBranch] = useState<DatabaseBranch>('development');
  // A finished revision (a new revisionKey) may have changed the tables: they are read again.
  const query = useAppDatabase(projectId, branch, revisionKey);
  const database = query.data;
  const error = query.error ? errorMessage(query.error) : null;

  return (
    <div className="database-panel mx-auto flex w-full max-w-[760px] flex-col gap-5 p-5">
      <SettingsSection
        id="database-tables"
        title={database?.name ?? 'Database'}
        description="Your app's own Postgres database. The preview uses its own copy; publishing brings new tables to the published app."
      >
        <div className="flex flex-wrap items-center gap-3 [&>button]:ml-auto">
          <SegmentedTabs
            label="Branch"
            options={BRANCHES.map((b) => ({ value: b.branch, label: b.label }))}
            value={branch}
            onChange={setBranch}
          />
          {database ? (
            <DatabaseUsage sizeBytes={database.sizeBytes} limitBytes={database.sizeLimitBytes} />
          ) : null}
          <RefreshButton loading={query.isFetching} onClick={() => void query.refetch()} />
        </div>
        {error ? <FormAlert message={error} /> : null}
        {database && database.tables.length === 0 ? (
          <div className="rounded-lg border border-dashed border-border-strong px-6 py-10">
            <Database size={20} aria-hidden="true" />
            <p>
              No tables yet. Ask for something that stores data ("save the tasks in a database") and Kiln
              writes the tables and the functions that use them.
            </p>
          </div>
        ) : null}
        {database?.tables.map((t) => (
          <TableView key={t.name} table={t} projectId={projectId} canEdit={canEdit} branch={branch} />
        ))}
      </SettingsSection>
      {database && database.migrations.length > 0 ? (
        <SettingsSection
          id="database-migrations"
          title="Migrations"
          description="Each change to the tables, in order. A migration reaches the published app at the next publish."
        >
          <ol className="db-migrations m-0 flex list-none flex-col gap-2 p-0">
            {database.migrations.map((m) => (
              <li key={m.id}>
                <details>
                  <summary className="flex cursor-pointer items-center gap-2.5">
                    <code>{m.name}</code>
                    <span className={statusPillVariants({ tone: MIGRATION_TONES[m.status] ?? 'warn' })}>
                      <StatusDot />
                      {m.status}
                    </span>
                    <span className="text-muted">{m.publishedAt ? 'published' : 'not published yet'}</span>
                  </summary>
                  {m.error ? <FormAlert message={m.error} /> : null}
                  <pre className="mt-2 overflow-x-auto rounded-md border border-border bg-bg px-3 py-2.5 font-mono text-[12px] leading-normal whitespace-pre-wrap">
                    {m.sql}
                  </pre>
                </details>
              </li>
            ))}
          </ol>
        </SettingsSection>
      ) : null}
    </div>
  );
}
