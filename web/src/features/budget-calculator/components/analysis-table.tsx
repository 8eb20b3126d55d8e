import type { ReactNode } from 'react';

/**
 * A calculator table: each row is named by its first cell. A narrow screen scrolls it sideways, says so above it,
 * and lets the keyboard scroll it too (the region takes focus).
 */
export function AnalysisTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div>
      <p className="mb-2 text-xs text-slate-600 min-[40rem]:hidden dark:text-slate-300">
        Scroll the table sideways to see every column.
      </p>
      <div
        role="region"
        aria-label={`${caption} table`}
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800"
      >
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wider text-slate-600 dark:bg-navy-800 dark:text-slate-300">
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col" className="px-4 py-3">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
        </table>
      </div>
    </div>
  );
}
