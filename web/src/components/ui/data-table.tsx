import type { ReactNode } from 'react';
import { cn } from './cn';

type DataTableProps = {
  /** The caption, e.g. "Tickets"; the region is named "<caption> table". */
  caption: string;
  columns: readonly string[];
  /** Small type and one-line rows of tight cells, for a table whose many columns must fit a desktop screen beside a
   * sidebar; cells that may be long truncate themselves (see TruncatedText). */
  dense?: boolean;
  leadingHeader?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
};

const denseClasses =
  'text-xs [&_td]:px-1 [&_td]:py-1.5 [&_th]:px-1 [&_tr>*:first-child]:pl-2 [&_tr>*:last-child]:pr-2 [&_th]:normal-case @min-[60rem]:[&_td]:whitespace-nowrap';

/**
 * A table with a visually hidden caption and a header row. Where its container is too narrow for the columns
 * (index.css, .data-table), each row becomes a card whose cells show their column name, so that nothing lies
 * off screen; cells therefore carry their column as `label` (see Cell).
 */
export function DataTable({ caption, columns, dense, leadingHeader, footer, children }: DataTableProps) {
  return (
    <div
      role="region"
      aria-label={`${caption} table`}
      tabIndex={0}
      className="data-table overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-800"
    >
      <table className={cn('w-full text-left', dense ? denseClasses : 'text-sm')}>
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

type CellProps = {
  /** The column name, shown beside the value when rows are cards. */
  label?: string;
  /** Takes the card's whole width when rows are cards. */
  wide?: boolean;
  className?: string;
  colSpan?: number;
  children: ReactNode;
};

export function Cell({ label, wide, className, colSpan, children }: CellProps) {
  return (
    <td data-label={label} data-wide={wide || undefined} colSpan={colSpan} className={cn('px-3 py-2', className)}>
      {children}
    </td>
  );
}

/** The last cell of a row, holding its buttons. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Cell label="Actions">
      <div className="flex gap-1">{children}</div>
    </Cell>
  );
}

/**
 * Text cut to one line with an ellipsis while the table is a table, the whole text in its tooltip; whole again
 * when rows are cards.
 */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  return (
    <span title={text} className={cn('block @min-[60rem]:truncate', className)}>
      {text}
    </span>
  );
}
