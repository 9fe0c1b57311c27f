import { CircleAlert } from 'lucide-react';
import { cn } from '../lib/cn.ts';

/** An error announced to assistive technology; renders nothing without a message. */
export function FormAlert({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <div
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2.5 text-[13px] leading-[1.45] [&>svg]:mt-px [&>svg]:flex-none',
        'border-error-border bg-error-soft text-error',
        className,
      )}
      role="alert"
    >
      <CircleAlert size={16} aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
