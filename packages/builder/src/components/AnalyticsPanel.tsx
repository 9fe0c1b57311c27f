import { BarChart3, Download, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { type AnalyticsCount, fetchProjectAnalytics, type ProjectAnalytics } from '../analytics-queries.ts';
import { errorMessage } from '../api.ts';
import { formatCount } from '../format-number.ts';
import { FormAlert } from './FormAlert.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { Segment, Segmented } from './ui/segmented.tsx';
import { Stat, Stats } from './ui/settings.tsx';
import { Table, TableCell, TableFrame, TableHead } from './ui/table.tsx';
import { VisitorsChart } from './VisitorsChart.tsx';

const RANGES = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
];

/** A top list (pages, events, devices, referrers) as a table with a bar per row. */
function TopTable({ title, rows, unit }: { title: string; rows: AnalyticsCount[]; unit: string }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <TableFrame data-testid={`top-${title.toLowerCase()}`}>
      <Table>
        <thead>
          <tr>
            <TableHead>{title}</TableHead>
            <TableHead style={{ textAlign: 'right' }}>{unit}</TableHead>
            <TableHead style={{ textAlign: 'right' }}>Visitors</TableHead>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <TableCell colSpan={3} className="text-muted">
                None yet
              </TableCell>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.name}>
                <TableCell
                  style={{
                    background: `linear-gradient(to right, var(--accent-soft) ${(r.count / max) * 100}%, transparent 0)`,
                  }}
                >
                  {r.name}
                </TableCell>
                <TableCell style={{ textAlign: 'right' }}>{formatCount(r.count)}</TableCell>
                <TableCell style={{ textAlign: 'right' }}>{formatCount(r.visitors)}</TableCell>
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </TableFrame>
  );
}

/** Offers the CSV as a file download. */
function downloadCsv(csv: string, days: number): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `analytics-${days}-days.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The project's Analytics tab (issue 19): the published app's visitors per day as a chart, totals, top pages,
 * events, devices and referrers, and a CSV export. Preview traffic is never counted. VIEWER and up.
 */
export function AnalyticsPanel({ projectId }: { projectId: string }) {
  const [days, setDays] = useState(30);
  const [analytics, setAnalytics] = useState<ProjectAnalytics | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setAnalytics(await fetchProjectAnalytics(projectId, days));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setLoading(false);
    }
  }, [projectId, days]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="analytics-panel mx-auto flex w-full max-w-[760px] flex-col gap-5 p-5">
      <SettingsSection
        id="analytics-overview"
        title="Analytics"
        description={
          analytics && !analytics.enabled
            ? 'Analytics is turned off on this server (KILN_ANALYTICS=off): published apps record nothing.'
            : `Visits to the published app: no cookies, no personal data; visitors are counted per day. Kept ${analytics?.retentionDays ?? 365} days. The preview is never counted.`
        }
      >
        <div className="flex flex-wrap items-center gap-3 [&>button]:ml-auto">
          <Segmented role="tablist" aria-label="Range">
            {RANGES.map((r) => (
              <Segment
                key={r.days}
                type="button"
                role="tab"
                aria-selected={days === r.days}
                onClick={() => setDays(r.days)}
              >
                {r.label}
              </Segment>
            ))}
          </Segmented>
          <Button type="button" variant="ghost" onClick={() => void load()} disabled={loading}>
            {loading ? <Spinner size={14} /> : <RefreshCw size={14} aria-hidden="true" />}
            Refresh
          </Button>
          <Button
            type="button"
            variant="ghost"
            disabled={!analytics}
            onClick={() => analytics && downloadCsv(analytics.csv, analytics.days)}
          >
            <Download size={14} aria-hidden="true" />
            Export CSV
          </Button>
        </div>
        {error ? <FormAlert message={error} /> : null}
        {analytics ? (
          <>
            <Stats data-testid="analytics-totals">
              <Stat>
                <dt>Visitors</dt>
                <dd data-testid="analytics-visitors">{formatCount(analytics.visitors)}</dd>
              </Stat>
              <Stat>
                <dt>Page views</dt>
                <dd data-testid="analytics-pageviews">{formatCount(analytics.pageviews)}</dd>
              </Stat>
              <Stat>
                <dt>Events</dt>
                <dd>{formatCount(analytics.events)}</dd>
              </Stat>
            </Stats>
            {analytics.pageviews === 0 && analytics.events === 0 ? (
              <div className="rounded-lg border border-dashed border-border-strong px-6 py-10">
                <BarChart3 size={20} aria-hidden="true" />
                <p>No visits in this range yet. Publish the app and share its link: visits show up here.</p>
              </div>
            ) : null}
            <VisitorsChart daily={analytics.daily} />
          </>
        ) : null}
      </SettingsSection>
      {analytics ? (
        <SettingsSection
          id="analytics-top"
          title="Pages and events"
          description="What visitors open and do. Events come from track() in the app's code."
        >
          <TopTable title="Pages" rows={analytics.topPages} unit="Views" />
          <TopTable title="Events" rows={analytics.topEvents} unit="Count" />
          <TopTable title="Devices" rows={analytics.devices} unit="Views" />
          <TopTable title="Referrers" rows={analytics.referrers} unit="Views" />
        </SettingsSection>
      ) : null}
    </div>
  );
}
