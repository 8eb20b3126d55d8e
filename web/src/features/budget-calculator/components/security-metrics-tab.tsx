import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { fixedFigures, postureColour } from '../lib/calculate';
import { complianceStatuses, postureTargets, securityMetrics, trainingStats, type ComplianceStatus } from '../lib/static-data';
import { Bar } from './bar';

const complianceClasses: Record<ComplianceStatus, string> = {
  Compliant: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  'In Progress': 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-200',
  'Non-Compliant': 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

export function SecurityMetrics() {
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
