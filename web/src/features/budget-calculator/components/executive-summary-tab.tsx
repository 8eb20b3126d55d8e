import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fixedFigures, formatUsd, type BudgetResult } from '../lib/calculate';
import { Figure } from './figure';

export function ExecutiveSummary({ result }: { result: BudgetResult | null }) {
  const recommended = result?.recommendedBudget ?? 0;
  const current = result?.currentBudget ?? 0;
  const topGaps = [...(result?.breakdown ?? [])].sort((a, b) => b.gap - a.gap).slice(0, 3);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h3 className="text-xl font-bold">Executive Summary</h3>
        <Button variant="outline" size="sm">
          <Download aria-hidden="true" className="h-4 w-4" />
          Export Report
        </Button>
      </div>
      {result ? (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <Figure label="Recommended budget" value={formatUsd(recommended)} />
            <Figure label="Current budget" value={formatUsd(current)} />
            <Figure label="Funding gap" value={formatUsd(recommended - current)} />
          </div>
          <Card>
            <h4 className="font-bold">Largest gaps</h4>
            <ul className="mt-3 space-y-2 text-sm">
              {topGaps.map((row) => (
                <li key={row.category} className="flex justify-between">
                  <span>{row.category}</span>
                  <span className="font-semibold">{formatUsd(row.gap)}</span>
                </li>
              ))}
            </ul>
          </Card>
        </>
      ) : (
        <p className="text-slate-600 dark:text-slate-300">
          Enter your organisation&apos;s details and select Calculate Budget to see your summary.
        </p>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Security maturity: <strong>{fixedFigures.maturityLevel}</strong> ({fixedFigures.maturityPercent}%)
      </p>
    </div>
  );
}
