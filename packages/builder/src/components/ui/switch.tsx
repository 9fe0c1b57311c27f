/**
 * @module Switch: a native checkbox with `role="switch"` under a drawn track, so it keeps the platform's
 * keyboard and form behaviour (Space toggles, `checked`/`onChange`) and is announced as a switch.
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Switch({ className, ...props }: Omit<ComponentProps<'input'>, 'type' | 'role'>) {
  return (
    <span className={cn('relative inline-flex cursor-pointer', className)}>
      <input
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox gives the switch role its checked state; ARIA in HTML forbids aria-checked on it.
        role="switch"
        className="peer absolute inset-0 m-0 cursor-pointer opacity-0"
        {...props}
      />
      <span
        aria-hidden="true"
        className={cn(
          'h-5 w-[34px] rounded-full bg-surface-3 transition-[background-color] duration-[120ms]',
          "after:m-0.5 after:block after:size-4 after:rounded-full after:bg-white after:shadow-sm after:transition-transform after:duration-[120ms] after:content-['']",
          'peer-checked:bg-accent peer-checked:after:translate-x-3.5',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-focus-visible:outline-solid',
        )}
      />
    </span>
  );
}
