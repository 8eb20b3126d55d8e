import { useState, type ReactNode } from 'react';
import { Download, Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Tabs } from '@/components/ui/tabs';
import {
  budgetBreakdown,
  fiveYearProjection,
  fixedFigures,
  formatUsd,
  postureColour,
  riskScoreColour,
  type BudgetResult,
} from '../lib/calculate';
import {
  complianceStatuses,
  postureTargets,
  riskScores,
  securityMetrics,
  threatLandscape,
  trainingStats,
  vendorOptions,
  type ComplianceStatus,
} from '../lib/static-data';
import { Bar } from './bar';

const complianceClasses: Record<ComplianceStatus, string> = {
  Compliant: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  'In Progress': 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-200',
  'Non-Compliant': 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
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
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-5">
      <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
    </Card>
  );
}

function ExecutiveSummary({ result }: { result: BudgetResult | null }) {
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

function BudgetPlanning({ result }: { result: BudgetResult | null }) {
  const rows = result?.breakdown ?? budgetBreakdown(0, 0);
  return (
    <Table caption="Budget breakdown by category" head={['Category', 'Share', 'Recommended', 'Current', 'Gap']}>
      {rows.map((row) => (
        <tr key={row.category}>
          <th scope="row" className="px-4 py-3 font-medium">
            {row.category}
          </th>
          <td className="px-4 py-3">{row.percentage}%</td>
          <td className="px-4 py-3">{formatUsd(row.recommended)}</td>
          <td className="px-4 py-3">{formatUsd(row.current)}</td>
          <td className={cn('px-4 py-3 font-semibold', row.gap > 0 ? 'text-red-600 dark:text-red-400' : 'text-green-600 dark:text-green-400')}>
            {formatUsd(row.gap)}
          </td>
        </tr>
      ))}
    </Table>
  );
}

function VendorComparison() {
  return (
    <Table caption="Vendor comparison" head={['Vendor', 'Category', 'Annual cost', 'Rating', 'Highlights']}>
      {vendorOptions.map((vendor) => (
        <tr key={vendor.name}>
          <th scope="row" className="px-4 py-3 font-medium">
            {vendor.name}
          </th>
          <td className="px-4 py-3">{vendor.category}</td>
          <td className="px-4 py-3">{formatUsd(vendor.annualCost)}</td>
          <td className="px-4 py-3">
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="h-4 w-4 fill-yellow-400 text-yellow-400" />
              {vendor.rating.toFixed(1)}
            </span>
          </td>
          <td className="px-4 py-3 text-slate-600 dark:text-slate-300">{vendor.highlights}</td>
        </tr>
      ))}
    </Table>
  );
}

function RiskAssessment() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h3 className="font-bold">Risk scores by domain</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Overall risk score: <strong>{fixedFigures.riskScore}/100</strong>
        </p>
        <div className="mt-4 space-y-4">
          {riskScores.map((item) => (
            <Bar key={item.name} label={item.name} value={item.score} colour={riskScoreColour(item.score)} caption={`${item.score}/100`} />
          ))}
        </div>
      </Card>
      <Card>
        <h3 className="font-bold">Threat landscape</h3>
        <ul className="mt-4 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {threatLandscape.map((threat) => (
            <li key={threat.name} className="flex flex-wrap justify-between gap-2 py-3">
              <span className="font-medium">{threat.name}</span>
              <span className="text-slate-600 dark:text-slate-300">
                Likelihood {threat.likelihood} · Impact {threat.impact}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

function SecurityMetrics() {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {securityMetrics.map((metric) => (
          <Card key={metric.name} className="p-5">
            <p className="text-sm text-slate-600 dark:text-slate-300">{metric.name}</p>
            <p className="mt-1 text-2xl font-bold">{metric.value}</p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{metric.target}</p>
          </Card>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h3 className="font-bold">Security posture against targets</h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Maturity level: {fixedFigures.maturityLevel} ({fixedFigures.maturityPercent}%)
          </p>
          <div className="mt-4 space-y-4">
            {postureTargets.map((item) => (
              <Bar
                key={item.name}
                label={item.name}
                value={item.current}
                colour={postureColour(item.current, item.target)}
                caption={`${item.current}% / ${item.target}%`}
              />
            ))}
          </div>
        </Card>
        <div className="space-y-6">
          <Card>
            <h3 className="font-bold">Compliance status</h3>
            <ul className="mt-4 space-y-2 text-sm">
              {complianceStatuses.map((item) => (
                <li key={item.framework} className="flex items-center justify-between">
                  <span>{item.framework}</span>
                  <span className={cn('rounded-full px-3 py-0.5 text-xs font-semibold', complianceClasses[item.status])}>
                    {item.status}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
          <Card>
            <h3 className="font-bold">Security awareness training</h3>
            <dl className="mt-4 grid grid-cols-3 gap-4 text-center">
              {trainingStats.map((stat) => (
                <div key={stat.label} className="flex flex-col">
                  <dt className="text-xs text-slate-600 dark:text-slate-300">{stat.label}</dt>
                  <dd className="order-first text-2xl font-bold">{stat.value}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
      </div>
    </div>
  );
}

function CostBenefit({ result }: { result: BudgetResult | null }) {
  const projection = fiveYearProjection(result?.recommendedBudget ?? 0);
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Average breach cost" value={formatUsd(fixedFigures.averageBreachCost)} />
        <Figure label="Breach probability reduction" value={`${fixedFigures.probabilityReductionPercent}%`} />
        <Figure label="Expected loss prevention" value={formatUsd(fixedFigures.expectedLossPrevention)} />
        <Figure label="Payback period" value={`${fixedFigures.paybackYears} years`} />
      </div>
      <Table
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
            <td className="px-4 py-3 font-semibold text-green-600 dark:text-green-400">{row.cumulativeRoiPercent}%</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

export function CalculatorTabs({ result }: { result: BudgetResult | null }) {
  const [tab, setTab] = useState('summary');
  return (
    <Tabs
      label="Budget analysis"
      value={tab}
      onChange={setTab}
      items={[
        { id: 'summary', label: 'Executive Summary', content: <ExecutiveSummary result={result} /> },
        { id: 'planning', label: 'Budget Planning', content: <BudgetPlanning result={result} /> },
        { id: 'vendors', label: 'Vendor Comparison', content: <VendorComparison /> },
        { id: 'risk', label: 'Risk Assessment', content: <RiskAssessment /> },
        { id: 'metrics', label: 'Security Metrics', content: <SecurityMetrics /> },
        { id: 'cost-benefit', label: 'Cost-Benefit Analysis', content: <CostBenefit result={result} /> },
      ]}
    />
  );
}
