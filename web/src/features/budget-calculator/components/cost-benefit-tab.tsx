import { fiveYearProjection, fixedFigures, formatUsd, type BudgetResult } from '../lib/calculate';
import { AnalysisTable } from './analysis-table';
import { Figure } from './figure';

export function CostBenefit({ result }: { result: BudgetResult | null }) {
  const projection = fiveYearProjection(result?.recommendedBudget ?? 0);
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Average breach cost" value={formatUsd(fixedFigures.averageBreachCost)} />
        <Figure label="Breach probability reduction" value={`${fixedFigures.probabilityReductionPercent}%`} />
        <Figure label="Expected loss prevention" value={formatUsd(fixedFigures.expectedLossPrevention)} />
        <Figure label="Payback period" value={`${fixedFigures.paybackYears} years`} />
      </div>
      <AnalysisTable
        caption="Five-year projection"
        head={['Year', 'Investment', 'Risk reduction', 'Operational savings', 'Cumulative ROI']}
      >
        {projection.map((row) => (
          <tr key={row.year}>
            <th scope="row" className="px-4 py-3 font-medium">
              Year {row.year}
            </th>
            <td className="px-4 py-3">{formatUsd(row.investment)}</td>
            <td className="px-4 py-3">{formatUsd(row.riskReduction)}</td>
            <td className="px-4 py-3">{formatUsd(row.savings)}</td>
            <td className="px-4 py-3 font-semibold text-green-700 dark:text-green-400">{row.cumulativeRoiPercent}%</td>
          </tr>
        ))}
      </AnalysisTable>
    </div>
  );
}
