import { BarChart3, Code, Database, Eye, History, ScrollText, SlidersHorizontal } from 'lucide-react';

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

/** Preview, Code, History, Database, Logs, Analytics or Settings for the main area. */
export function StageTabs({ tab, onChange }: { tab: StageTab; onChange: (tab: StageTab) => void }) {
  return (
    <div className="segmented" role="tablist" aria-label="View">
      {TABS.map(({ tab: value, label, Icon }) => (
        <button
          key={value}
          type="button"
          role="tab"
          className="segment"
          aria-selected={tab === value}
          aria-controls={`stage-${value}`}
          onClick={() => onChange(value)}
        >
          <Icon size={15} aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
