/** shadcn/ui `Skeleton`. */
import type * as React from 'react';
import { cn } from './utils.ts';

export function Skeleton({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('animate-pulse rounded-md bg-primary/10', className)} {...props} />;
}
export default Skeleton;
