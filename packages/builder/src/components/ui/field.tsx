/**
 * @module Form layout (shadcn/ui pattern): a FormItem stacks a label row, its control and a note; FormLabel is
 * the label's look. `components/Field.tsx` and `components/Select.tsx` build labelled fields from these.
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5', className)} {...props} />;
}

/** The label and, at the other end, a hint or a link. */
export function FormLabelRow({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex items-baseline justify-between', className)} {...props} />;
}

/** A field's label: `htmlFor` names its control. */
export function FormLabel({ className, htmlFor, children, ...props }: ComponentProps<'label'>) {
  return (
    <label htmlFor={htmlFor} className={cn('text-[13px] font-[550] text-ink', className)} {...props}>
      {children}
    </label>
  );
}
