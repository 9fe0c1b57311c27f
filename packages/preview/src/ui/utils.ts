/** `@/lib/utils` as shadcn/ui writes it: `cn` merges class names, later Tailwind classes winning. */
import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
