/**
 * @module Settings layout parts, shared by organisation settings, the project's Settings tab and the Share
 * dialog: a form column, its buttons row, a sub-section under a rule, a checkbox with its text, figures in
 * tiles, a bordered list of rows, and a field with its Copy button.
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A column of fields, 420 px at most unless `wide`. */
export function SettingsForm({
  className,
  wide = false,
  ...props
}: ComponentProps<'form'> & { wide?: boolean }) {
  return (
    <form className={cn('flex max-w-[420px] flex-col gap-3', wide && 'max-w-none', className)} {...props} />
  );
}

export function SettingsActions({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex gap-2', className)} {...props} />;
}

/** Classes of a sub-section: a rule above, its `h3` title with an optional badge beside it. */
export const settingsSubsectionClasses =
  'flex flex-col gap-3 border-t border-border pt-[18px] [&_h3]:flex [&_h3]:items-center [&_h3]:gap-2 [&_h3]:text-[15px]';

export function SettingsSubsection({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(settingsSubsectionClasses, className)} {...props} />;
}

/** A checkbox (first child) and its text, as one label. */
export function CheckboxRow({ className, children, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller nests the checkbox; biome.json lists CheckboxRow as a label component, so each use is checked instead.
    <label className={cn('flex items-center gap-2 text-[13px]', className)} {...props}>
      {children}
    </label>
  );
}

/** Figures in tiles, as many per row as fit (a `dl` of `Stat`s). */
export function Stats({ className, ...props }: ComponentProps<'dl'>) {
  return (
    <dl
      className={cn('m-0 grid grid-cols-[repeat(auto-fit,minmax(132px,1fr))] gap-3', className)}
      {...props}
    />
  );
}

/** One figure: its name (`dt`) above its value (`dd`). */
export function Stat({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex flex-col justify-between gap-1 rounded-md border border-border bg-bg p-3.5',
        '[&_dt]:text-[12px] [&_dt]:font-medium [&_dt]:text-muted',
        '[&_dd]:m-0 [&_dd]:font-display [&_dd]:text-[20px] [&_dd]:font-semibold [&_dd]:text-ink [&_dd]:tabular-nums',
        className,
      )}
      {...props}
    />
  );
}

/** A bordered list whose rows are separated by a rule. */
export function PlainList({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('m-0 list-none rounded-md border border-border p-0', className)} {...props} />;
}

export function PlainRow({ className, ...props }: ComponentProps<'li'>) {
  return (
    <li
      className={cn(
        'flex items-center justify-between gap-3 px-3.5 py-2.5 not-first:border-t not-first:border-border',
        className,
      )}
      {...props}
    />
  );
}

/** A row's main text: a first line, and smaller muted lines under it (`text-[12px] text-muted`). */
export function PlainRowMain({ className, ...props }: ComponentProps<'span'>) {
  return <span className={cn('flex min-w-0 flex-col text-[13px]', className)} {...props} />;
}

/** A row of fields and their button, wrapping on narrow screens; the button as tall as the fields. */
export const inlineFormClasses = 'flex flex-wrap items-end gap-2.5 [&>button]:h-10 [&>div]:min-w-40';

/** A read-only field and its Copy button side by side, both 40 px tall. */
export function CopyRow({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex gap-2 [&_button]:h-10 [&_button]:border-border-strong', className)} {...props} />
  );
}
