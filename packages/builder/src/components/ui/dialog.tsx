/**
 * @module Dialog (shadcn/ui pattern over Radix Dialog): focus is trapped while open, goes to the first field
 * (not the × button) when it opens and back to where it was when it closes; Escape and a click outside close.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;
export const DialogClose = DialogPrimitive.Close;

/** Focuses `[data-autofocus]` or else the first field in the dialog; without either, Radix's choice. */
function focusFirstField(event: Event): void {
  const content = event.currentTarget as HTMLElement | null;
  const field =
    content?.querySelector<HTMLElement>('[data-autofocus]') ??
    content?.querySelector<HTMLElement>(
      'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled])',
    );
  if (!field) return;
  event.preventDefault();
  field.focus();
}

export function DialogContent({
  className,
  overlayClassName,
  children,
  onOpenAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { overlayClassName?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-backdrop', overlayClassName)} />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-32px)] w-[min(480px,calc(100vw-32px))] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-xl border border-border bg-surface text-text shadow-lg',
          className,
        )}
        onOpenAutoFocus={onOpenAutoFocus ?? focusFirstField}
        {...props}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The dialog's padded column: header, description, then the content, 14 px apart. */
export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-3.5 p-5', className)} {...props} />;
}

/** The title row: the title (an `h2` inside `DialogTitle`) and the × button at the end. */
export function DialogHeader({ className, ...props }: ComponentProps<'header'>) {
  return (
    <header
      className={cn('-mt-1.5 -mr-2 flex items-center justify-between gap-3 [&_h2]:text-[17px]', className)}
      {...props}
    />
  );
}

export function DialogForm({ className, ...props }: ComponentProps<'form'>) {
  return <form className={cn('flex flex-col gap-3.5', className)} {...props} />;
}

/** The buttons at the end of a dialog, the main action last. */
export function DialogActions({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-1 flex justify-end gap-2', className)} {...props} />;
}
