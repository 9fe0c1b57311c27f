import { Segment, Segmented } from './ui/segmented.tsx';
/** A row of tabs choosing one value (the `segmented` control), e.g. the preview's or the published app's data. */
export function SegmentedTabs<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** The tab list's accessible name. */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <Segmented role="tablist" aria-label={label}>
      {options.map((o) => (
        <Segment
          key={o.value}
          type="button"
          role="tab"
          aria-selected={value === o.value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Segment>
      ))}
    </Segmented>
  );
}
