import { cn } from '@/components/ui/cn';
import { budgetBreakdown, formatUsd, type BudgetResult } from '../lib/calculate';
import { AnalysisTable } from './analysis-table';

export function BudgetPlanning({ result }: { result: BudgetResult | null }) {
  const rows = result?.breakdown ?? budgetBreakdown(0, 0);
  return (
    <AnalysisTable caption="Budget breakdown by category" head={['Category', 'Share', 'Recommended', 'Current', 'Gap']}>
      {rows.map((row) => (
        <tr key={row.category}>
          <th scope="row" className="px-4 py-3 font-medium">
            {row.category}
          </th>
          <td className="px-4 py-3">{row.percentage}%</td>
          <td className="px-4 py-3">{formatUsd(row.recommended)}</td>
          <td className="px-4 py-3">{formatUsd(row.current)}</td>
          <td className={cn('px-4 py-3 font-semibold', row.gap > 0 ? 'text-red-600 dark:text-red-400' : 'text-green-700 dark:text-green-400')}>
            {formatUsd(row.gap)}
          </td>
        </tr>
      ))}
    </AnalysisTable>
  );
}
