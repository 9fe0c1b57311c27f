import { Code, Eye } from 'lucide-react';

export type StageTab = 'preview' | 'code';

/** Preview vs Code for the main area. */
export function StageTabs({ tab, onChange }: { tab: StageTab; onChange: (tab: StageTab) => void }) {
  return (
    <div className="segmented" role="tablist" aria-label="View">
      <button
        type="button"
        role="tab"
        className="segment"
        aria-selected={tab === 'preview'}
        aria-controls="stage-preview"
        onClick={() => onChange('preview')}
      >
        <Eye size={15} aria-hidden="true" />
        Preview
      </button>
      <button
        type="button"
        role="tab"
        className="segment"
        aria-selected={tab === 'code'}
        aria-controls="stage-code"
        onClick={() => onChange('code')}
      >
        <Code size={15} aria-hidden="true" />
        Code
      </button>
    </div>
  );
}
