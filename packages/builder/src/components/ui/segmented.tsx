/**
 * @module Segmented control (shadcn/ui's ToggleGroup look): a tray of small buttons, the chosen one raised.
 * The caller gives the roles (`tablist`/`tab` with `aria-selected`, or `group` with `aria-pressed` buttons), so
 * each use keeps its own keyboard behaviour.
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Segmented({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('inline-flex flex-none rounded-md bg-surface-2 p-[3px]', className)} {...props} />
  );
}

export const segmentClasses = cn(
  'inline-flex h-7 items-center gap-1.5 rounded-[7px] border-0 bg-transparent px-2.5 text-text-2',
  '[font-family:inherit] text-[13px] [line-height:inherit] font-[550] cursor-pointer transition-[background-color,color] duration-[120ms]',
  'hover:text-ink aria-pressed:bg-surface aria-pressed:text-ink aria-pressed:shadow-sm',
  'aria-selected:bg-surface aria-selected:text-ink aria-selected:shadow-sm',
);

/** One choice in a `Segmented` tray: raised while `aria-pressed` or `aria-selected` is true. */
export function Segment({ className, type = 'button', ...props }: ComponentProps<'button'>) {
  return <button type={type} className={cn(segmentClasses, className)} {...props} />;
}
