import { DollarSign, ShieldAlert, TrendingUp } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatUsd, roiBeforeCalculation, type BudgetResult, type RiskLevel } from '../lib/calculate';

const riskClasses: Record<RiskLevel, string> = {
  Critical: 'text-red-600 dark:text-red-400',
  High: 'text-orange-700 dark:text-orange-400',
  Medium: 'text-yellow-700 dark:text-yellow-400',
  Low: 'text-green-700 dark:text-green-400',
};

export function SummaryCards({ result }: { result: BudgetResult | null }) {
  const cards = [
    {
      Icon: DollarSign,
      title: 'Total Budget',
      value: formatUsd(result?.recommendedBudget ?? 0),
      note: 'Recommended annual security budget',
      className: '',
    },
    {
      Icon: ShieldAlert,
      title: 'Risk Level',
      value: result?.riskLevel ?? 'Not assessed',
      note: 'Current budget against recommendation',
      className: result ? riskClasses[result.riskLevel] : '',
    },
    {
      Icon: TrendingUp,
      title: 'ROI Estimate',
      value: `${result?.roiPercent ?? roiBeforeCalculation}%`,
      note: 'Estimated return on security investment',
      className: 'text-green-700 dark:text-green-400',
    },
  ];
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {cards.map(({ Icon, title, value, note, className }) => (
        <Card key={title}>
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{title}</h2>
            <Icon aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-400" />
          </div>
          <p className={cn('mt-2 text-3xl font-bold', className)} data-testid={`summary-${title.toLowerCase().replace(/ /g, '-')}`}>
            {value}
          </p>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{note}</p>
        </Card>
      ))}
    </div>
  );
}
