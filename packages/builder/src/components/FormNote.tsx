import { CircleCheck } from 'lucide-react';
import { cn } from '../lib/cn.ts';

/** A success note, announced politely; renders nothing without a message. */
export function FormNote({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <div
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2.5 text-[13px] leading-[1.45] [&>svg]:mt-px [&>svg]:flex-none',
        'border-ok-border bg-ok-soft text-ok',
        className,
      )}
      role="status"
    >
      <CircleCheck size={16} aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}
