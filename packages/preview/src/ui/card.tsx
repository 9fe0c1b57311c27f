/** shadcn/ui `Card` and its parts. */
import * as React from 'react';
import { cn } from './utils.ts';

type DivProps = React.HTMLAttributes<HTMLDivElement>;

function part(name: string, classes: string) {
  // Not a hook factory: one component per card part, made once at module load.
  const C = React.forwardRef<HTMLDivElement, DivProps>(({ className, ...props }, ref) => (
    <div ref={ref} className={cn(classes, className)} {...props} />
  ));
  C.displayName = name;
  return C;
}

export const Card = part('Card', 'rounded-xl border bg-card text-card-foreground shadow');
export const CardHeader = part('CardHeader', 'flex flex-col space-y-1.5 p-6');
export const CardTitle = part('CardTitle', 'font-semibold leading-none tracking-tight');
export const CardDescription = part('CardDescription', 'text-sm text-muted-foreground');
export const CardContent = part('CardContent', 'p-6 pt-0');
export const CardFooter = part('CardFooter', 'flex items-center p-6 pt-0');
export default Card;
