/**
 * @module Text fields (shadcn/ui pattern): Input, Textarea and a native Select share one look — a bordered
 * field that shows the accent ring while focused; read-only fields are greyed.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const inputVariants = cva(
  [
    'h-10 w-full rounded-md border border-border-strong bg-surface px-3 text-ink',
    '[font-family:inherit] text-[length:inherit] [line-height:inherit]',
    'transition-[border-color,box-shadow] duration-[120ms] ease-[ease]',
    'focus:border-accent focus:shadow-[0_0_0_3px_var(--accent-ring)] focus:outline-none',
    '[&[readonly]]:bg-surface-2 [&[readonly]]:text-text-2',
  ],
  {
    variants: {
      /** Monospaced, for code-like values (keys, URLs, links to copy). Default false. */
      mono: { true: 'font-mono text-[12.5px]', false: '' },
    },
    defaultVariants: { mono: false },
  },
);

export function Input({
  className,
  mono,
  ...props
}: ComponentProps<'input'> & VariantProps<typeof inputVariants>) {
  return <input className={cn(inputVariants({ mono }), className)} {...props} />;
}

export function Textarea({
  className,
  mono,
  ...props
}: ComponentProps<'textarea'> & VariantProps<typeof inputVariants>) {
  return (
    <textarea
      className={cn(inputVariants({ mono }), 'h-auto min-h-[120px] resize-y px-3 py-2.5', className)}
      {...props}
    />
  );
}

/** The chevron drawn at the end of a native select (its own arrow is hidden to match the other fields). */
const CHEVRON =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' fill='none' stroke='%238a847b' stroke-width='2' stroke-linecap='round' stroke-linejoin='round' viewBox='0 0 24 24'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")";

/**
 * A native `<select>` (the platform's own list: keyboard, screen readers and phones work as people expect).
 * `compact` fits a table row or a toolbar.
 */
export function NativeSelect({
  className,
  compact = false,
  style,
  ...props
}: ComponentProps<'select'> & { compact?: boolean }) {
  return (
    <select
      className={cn(
        inputVariants(),
        'cursor-pointer appearance-none bg-[position:right_10px_center] bg-no-repeat pr-[34px] disabled:cursor-not-allowed disabled:opacity-60',
        compact && 'h-8 w-auto min-w-[120px] text-[13px]',
        className,
      )}
      style={{ backgroundImage: CHEVRON, ...style }}
      {...props}
    />
  );
}
