/**
 * @module `cn()`, the shadcn/ui helper: joins class names (clsx) and lets a later Tailwind utility replace an
 * earlier one of the same property (tailwind-merge), so a component's defaults can be overridden by a caller.
 */
import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
