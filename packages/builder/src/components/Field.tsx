import { type InputHTMLAttributes, useId } from 'react';
import { FormItem, FormLabel, FormLabelRow } from './ui/field.tsx';
import { Input } from './ui/input.tsx';

/**
 * A labelled text input; `hint` sits outside the label so the accessible name stays exactly `label`. An
 * `error` shows under the input, marks it invalid and is tied to it (`aria-describedby`).
 */
export function Field({
  label,
  hint,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string | null }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FormItem>
      <FormLabelRow>
        <FormLabel htmlFor={id}>{label}</FormLabel>
        {hint ? (
          <span className="text-[12px] text-muted" id={hintId}>
            {hint}
          </span>
        ) : null}
      </FormLabelRow>
      <Input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      {error ? (
        <span id={errorId} className="text-[13px] text-error" role="alert">
          {error}
        </span>
      ) : null}
    </FormItem>
  );
}
