import { type InputHTMLAttributes, useId } from 'react';

/** A labelled text input; `hint` sits outside the label so the accessible name stays exactly `label`. */
export function Field({
  label,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <div className="field-label-row">
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <span className="field-hint" id={hintId}>
            {hint}
          </span>
        ) : null}
      </div>
      <input id={id} className="input" aria-describedby={hint ? hintId : undefined} {...input} />
    </div>
  );
}
