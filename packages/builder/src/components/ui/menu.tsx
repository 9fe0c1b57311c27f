/**
 * @module Menu parts: the popup list and its items, for `ActionMenu` (a WAI-ARIA menu button written by hand:
 * arrows, Home/End, Escape, focus back to the button). Items are buttons with a `menuitem` role; put an icon in
 * a `MenuIcon`, muted unless the item is `danger` (a colour on the icon itself wins).
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function MenuPopup({
  className,
  align = 'end',
  ...props
}: ComponentProps<'div'> & { align?: 'start' | 'end' }) {
  return (
    <div
      className={cn(
        'absolute top-[calc(100%+6px)] z-30 flex min-w-[200px] max-w-[320px] animate-[toast-in_120ms_ease] flex-col rounded-md border border-border bg-surface p-[5px] shadow-lg',
        align === 'end' ? 'right-0' : 'left-0',
        className,
      )}
      {...props}
    />
  );
}

export function MenuItem({
  className,
  danger = false,
  separated = false,
  type = 'button',
  ...props
}: ComponentProps<'button'> & {
  /** Default false: a destructive action, in red. */
  danger?: boolean;
  /** Default false: a line above the item starts a new group. */
  separated?: boolean;
}) {
  return (
    <button
      type={type}
      className={cn(
        'flex w-full cursor-pointer items-center gap-[9px] rounded-[7px] border-0 bg-transparent px-[9px] py-[7px] text-left text-text',
        '[font-family:inherit] text-[13px] [line-height:inherit] [&_svg]:flex-none',
        'hover:bg-surface-2 hover:text-ink focus-visible:bg-surface-2 focus-visible:text-ink focus-visible:outline-none',
        danger &&
          'text-error hover:bg-error-soft hover:text-error focus-visible:bg-error-soft focus-visible:text-error',
        separated &&
          "relative mt-[9px] before:absolute before:-top-[5px] before:-right-[5px] before:-left-[5px] before:border-t before:border-border before:content-['']",
        className,
      )}
      {...props}
    />
  );
}

/** An item's leading icon: muted, or the item's red when it is `danger`. */
export function MenuIcon({
  className,
  danger = false,
  ...props
}: ComponentProps<'span'> & { danger?: boolean }) {
  return <span className={cn('flex flex-none', !danger && 'text-muted', className)} {...props} />;
}
