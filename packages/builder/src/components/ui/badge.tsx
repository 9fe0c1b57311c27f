/**
 * @module Small labels (shadcn/ui pattern): Badge (a tag such as "You", "Current", a plan), Count (a number
 * beside a heading) and the look of a status pill, one tone per kind of state.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const badgeVariants = cva(
  'inline-flex h-5 items-center rounded-full px-[7px] text-[11px] font-semibold',
  {
    variants: {
      variant: {
        default: 'bg-surface-2 uppercase tracking-[0.02em] text-text-2',
        /** Something to look at (unpublished changes, an unverified account): sentence case. */
        warn: 'bg-warn-soft text-warn',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

/** A number in a small rounded box, e.g. how many modules or projects a heading covers. */
export function Count({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'min-w-5 rounded-full bg-surface-3 px-1.5 text-center text-[11px] font-semibold leading-[18px] text-text-2',
        className,
      )}
      {...props}
    />
  );
}

export const statusPillVariants = cva(
  'inline-flex h-6 items-center gap-1.5 whitespace-nowrap rounded-full px-[9px] text-[12px] font-[550]',
  {
    variants: {
      tone: {
        idle: 'bg-surface-2 text-text-2',
        busy: 'bg-accent-soft text-accent-strong',
        ok: 'bg-ok-soft text-ok',
        warn: 'bg-warn-soft text-warn',
        error: 'bg-error-soft text-error',
      },
    },
    defaultVariants: { tone: 'idle' },
  },
);

/** The dot a status pill starts with, in the pill's colour. */
export function StatusDot({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span aria-hidden="true" className={cn('size-[7px] rounded-full bg-current', className)} {...props} />
  );
}
