/**
 * @module Table (shadcn/ui pattern): a bordered, sideways-scrolling frame (`TableFrame`, give it a region role,
 * a name and `tabIndex={0}` so the keyboard can scroll it), the table, its header cells and cells. Numbers go
 * right-aligned with `numeric`.
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function TableFrame({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('overflow-x-auto rounded-md border border-border', className)} {...props} />;
}

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <table
      className={cn('w-full border-collapse text-[13px] [&_tbody_tr:last-child_td]:border-b-0', className)}
      {...props}
    />
  );
}

const numericClasses = 'text-right tabular-nums';

export function TableHead({
  className,
  numeric = false,
  ...props
}: ComponentProps<'th'> & { numeric?: boolean }) {
  return (
    <th
      className={cn(
        'whitespace-nowrap border-b border-border bg-bg px-3.5 py-[9px] text-left text-[12px] font-semibold text-text-2',
        numeric && numericClasses,
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({
  className,
  numeric = false,
  ...props
}: ComponentProps<'td'> & { numeric?: boolean }) {
  return (
    <td
      className={cn(
        'border-b border-border px-3.5 py-2.5 align-middle',
        numeric && numericClasses,
        className,
      )}
      {...props}
    />
  );
}

/** A second, smaller line under a cell's main text (when, by whom). */
export function TableSubline({ className, ...props }: ComponentProps<'span'>) {
  return <span className={cn('block text-[12px] text-muted', className)} {...props} />;
}
