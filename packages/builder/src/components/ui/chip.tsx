/**
 * @module Chip: a small rounded button offering a ready-made choice (the dashboard's ideas, an answer's
 * suggested replies).
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Chip({ className, type = 'button', ...props }: ComponentProps<'button'>) {
  return (
    <button
      type={type}
      className={cn(
        'h-8 cursor-pointer rounded-full border border-border bg-surface px-[13px] text-text-2',
        '[font-family:inherit] text-[13px] [line-height:inherit] transition-[border-color,color,background-color] duration-[120ms]',
        'hover:border-border-strong hover:bg-surface hover:text-ink',
        className,
      )}
      {...props}
    />
  );
}
