import { type SelectHTMLAttributes, useId } from 'react';

/** A labelled native select, styled like `Field`. */
export function Select({
  label,
  options,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="field">
      <div className="field-label-row">
        <label htmlFor={id}>{label}</label>
      </div>
      <select id={id} className="input select" {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
