/** shadcn/ui `Table` and its parts. */
import * as React from 'react';
import { cn } from './utils.ts';

export const Table = React.forwardRef<HTMLTableElement, React.HTMLAttributes<HTMLTableElement>>(
  ({ className, ...props }, ref) => (
    <div className="relative w-full overflow-auto">
      <table ref={ref} className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  ),
);
Table.displayName = 'Table';

function part<E extends HTMLElement>(tag: string, name: string, classes: string) {
  // Not a hook factory: one component per table part, made once at module load.
  const C = React.forwardRef<E, React.HTMLAttributes<E> & React.TdHTMLAttributes<E>>(
    ({ className, ...props }, ref) =>
      React.createElement(tag, { ref, className: cn(classes, className), ...props }),
  );
  C.displayName = name;
  return C;
}

export const TableHeader = part<HTMLTableSectionElement>('thead', 'TableHeader', '[&_tr]:border-b');
export const TableBody = part<HTMLTableSectionElement>('tbody', 'TableBody', '[&_tr:last-child]:border-0');
export const TableFooter = part<HTMLTableSectionElement>(
  'tfoot',
  'TableFooter',
  'border-t bg-muted/50 font-medium [&>tr]:last:border-b-0',
);
export const TableRow = part<HTMLTableRowElement>(
  'tr',
  'TableRow',
  'border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted',
);
export const TableHead = part<HTMLTableCellElement>(
  'th',
  'TableHead',
  'h-10 px-2 text-left align-middle font-medium text-muted-foreground [&:has([role=checkbox])]:pr-0',
);
export const TableCell = part<HTMLTableCellElement>(
  'td',
  'TableCell',
  'p-2 align-middle [&:has([role=checkbox])]:pr-0',
);
export const TableCaption = part<HTMLTableCaptionElement>(
  'caption',
  'TableCaption',
  'mt-4 text-sm text-muted-foreground',
);
export default Table;
