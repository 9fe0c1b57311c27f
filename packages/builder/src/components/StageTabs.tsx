import { Code, Eye, History } from 'lucide-react';

export type StageTab = 'preview' | 'code' | 'history';

const TABS = [
  { tab: 'preview', label: 'Preview', Icon: Eye },
  { tab: 'code', label: 'Code', Icon: Code },
  { tab: 'history', label: 'History', Icon: History },
] as const;

/** Preview, Code or History for the main area. */
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
