import { type SelectHTMLAttributes, useId } from 'react';
import { FormItem, FormLabel, FormLabelRow } from './ui/field.tsx';
import { NativeSelect } from './ui/input.tsx';

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
    <FormItem>
      <FormLabelRow>
        <FormLabel htmlFor={id}>{label}</FormLabel>
      </FormLabelRow>
      <NativeSelect id={id} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormItem>
  );
}
