import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

type DataTableProps = {
  /** The caption, e.g. "Tickets"; the scrolling region is named "<caption> table". */
  caption: string;
  columns: readonly string[];
  /** The table's min-width class, so that narrow screens scroll the region instead of squeezing columns. */
  minWidth: string;
  leadingHeader?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
};

/** A table in a focusable, horizontally scrolling region, with a visually hidden caption and a header row. */
export function DataTable({ caption, columns, minWidth, leadingHeader, footer, children }: DataTableProps) {
  return (
    <div
      role="region"
      aria-label={`${caption} table`}
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500 rounded-lg border border-slate-200 dark:border-slate-800"
    >
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-600 dark:bg-navy-800 dark:text-slate-300">
          <tr>
            {leadingHeader}
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
      </table>
      {footer}
    </div>
  );
}

/** The last cell of a row, holding its icon buttons. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <td className="px-3 py-2">
      <div className="flex gap-1">{children}</div>
    </td>
  );
}
