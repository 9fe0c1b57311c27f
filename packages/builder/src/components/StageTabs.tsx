import { BarChart3, Code, Database, Eye, History, ScrollText, SlidersHorizontal } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { Segment, Segmented } from './ui/segmented.tsx';

export type StageTab = 'preview' | 'code' | 'history' | 'database' | 'logs' | 'analytics' | 'settings';

const TABS = [
  { tab: 'preview', label: 'Preview', Icon: Eye },
  { tab: 'code', label: 'Code', Icon: Code },
  { tab: 'history', label: 'History', Icon: History },
  { tab: 'database', label: 'Database', Icon: Database },
  { tab: 'logs', label: 'Logs', Icon: ScrollText },
  { tab: 'analytics', label: 'Analytics', Icon: BarChart3 },
  { tab: 'settings', label: 'Settings', Icon: SlidersHorizontal },
] as const;

/** The tab a key moves to from `index` of `count` (WAI-ARIA tabs: arrows wrap, Home and End), or null. */
export function tabIndexForKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * Preview, Code, History, Database, Logs, Analytics or Settings for the main area: one Tab stop, arrow keys (and Home/End)
 * move between the tabs and select them (the WAI-ARIA tabs pattern). Each tab controls `#stage-{tab}`.
 */
export function StageTabs({ tab, onChange }: { tab: StageTab; onChange: (tab: StageTab) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent, index: number) {
    const next = tabIndexForKey(event.key, index, TABS.length);
    const target = next === null ? undefined : TABS[next];
    if (next === null || !target) return;
    event.preventDefault();
    onChange(target.tab);
    buttons.current[next]?.focus();
  }
  return (
    <Segmented role="tablist" aria-label="View">
      {TABS.map(({ tab: value, label, Icon }, index) => (
        <Segment
          key={value}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          aria-selected={tab === value}
          aria-controls={`stage-${value}`}
          tabIndex={tab === value ? 0 : -1}
          onKeyDown={(event) => onKeyDown(event, index)}
          onClick={() => onChange(value)}
        >
          <Icon size={15} aria-hidden="true" />
          <span className="@max-[760px]:sr-only">{label}</span>
        </Segment>
      ))}
    </Segmented>
  );
}
