/**
 * @module Button (shadcn/ui pattern): one look for every button and button-like link. `buttonVariants()` gives
 * the classes for an element that is not a `<button>` (a router `Link`, a file `<label>`); a `className` from
 * the caller is merged last, so its utilities replace the defaults of the same property (`cn`).
 */
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const variants = cva(
  [
    'inline-flex items-center justify-center gap-[7px] rounded-md border border-transparent',
    '[font-family:inherit] text-[length:inherit] [line-height:inherit] font-[550] whitespace-nowrap cursor-pointer',
    'transition-[background-color,border-color,color,box-shadow,translate] duration-[120ms] ease-[ease]',
    'hover:no-underline active:not-disabled:translate-y-px disabled:cursor-not-allowed disabled:opacity-45',
  ],
  {
    variants: {
      variant: {
        default: 'bg-surface text-ink',
        primary: 'bg-ink text-on-ink shadow-sm hover:not-disabled:bg-ink-hover',
        ghost: 'bg-transparent text-text-2 hover:not-disabled:bg-surface-2 hover:not-disabled:text-ink',
        danger: 'bg-error text-on-accent hover:not-disabled:bg-error-hover',
        dangerOutline: 'border-error-border bg-surface text-error hover:not-disabled:bg-error-soft',
      },
      size: {
        default: 'h-9 px-3.5',
        sm: 'h-[30px] px-2.5 text-[13px]',
        /** A square button holding only an icon (give it an `aria-label`). */
        icon: 'size-9 p-0',
        iconSm: 'size-7 p-0',
        /** Full width, a little taller: the one action of a form (sign in, create account). */
        block: 'h-10 w-full px-3.5',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonVariants = VariantProps<typeof variants>;

/** The classes of a button of this `variant` and `size`, merged (`cn`) so a size's text size replaces the base's. */
export function buttonVariants(props?: ButtonVariants): string {
  return cn(variants(props));
}

/** A `<button>` (or, with `asChild`, its one child) styled by `variant` and `size`. */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<'button'> & ButtonVariants & { asChild?: boolean }) {
  const Component = asChild ? Slot : 'button';
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
