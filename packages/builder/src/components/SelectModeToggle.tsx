import { MousePointerClick } from 'lucide-react';
import { Segment, Segmented } from './ui/segmented.tsx';

/**
 * The preview toolbar's Select mode switch (issue 17): while pressed, hovering in the preview outlines elements
 * and a click opens their edit panel. A button (Tab, Enter/Space) with its state as `aria-pressed`; Escape, in
 * the builder or the preview, leaves the mode.
 */
export function SelectModeToggle({
  on,
  disabledReason,
  onChange,
}: {
  on: boolean;
  /** Why Select mode is unavailable (a viewer, a build in progress); null when it is. */
  disabledReason: string | null;
  onChange: (on: boolean) => void;
}) {
  return (
    <Segmented>
      <Segment
        type="button"
        className="select-mode-toggle"
        aria-pressed={on}
        disabled={disabledReason !== null}
        title={
          disabledReason ?? (on ? 'Leave Select mode (Esc)' : 'Select an element of the page to edit it')
        }
        onClick={() => onChange(!on)}
      >
        <MousePointerClick size={15} aria-hidden="true" />
        <span className="@max-[760px]:sr-only">Select</span>
      </Segment>
    </Segmented>
  );
}
