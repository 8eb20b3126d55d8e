import { BarChart3, Building2, CalendarDays, FileText, Gauge } from 'lucide-react';
import { AccessDenied } from '@/components/ui/access-denied';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { hasPermission, type Role } from '@/lib/permissions';
import { reportCounts, weeklySummary } from '../lib/ticket-stats';
import type { Ticket } from '../types';

const reportCards = [
  { id: 'summary', title: 'Ticket Summary Report', description: 'Overview of all tickets by status and category.', Icon: FileText },
  { id: 'performance', title: 'Performance Report', description: 'Response and resolution times of the team.', Icon: Gauge },
  { id: 'company', title: 'Company Report', description: 'Ticket volume and trends per company.', Icon: Building2 },
  { id: 'priority', title: 'Priority Analysis', description: 'Distribution of tickets by priority and severity.', Icon: BarChart3 },
] as const;

export function ReportsTab({ role, tickets }: { role: Role; tickets: Ticket[] }) {
  if (!hasPermission(role, 'view-reports')) {
    return <AccessDenied message="You don't have permission to view reports." currentRole={role} />;
  }
  const counts = reportCounts(tickets);
  const week = weeklySummary(tickets);
  const tiles = [
    ['Total Tickets', counts.total],
    ['Open', counts.open],
    ['In Progress', counts.inProgress],
    ['Waiting Response', counts.waitingResponse],
    ['Resolved', counts.resolved],
    ['Closed', counts.closed],
    ['Critical', counts.critical],
    ['SLA Breached', counts.slaBreached],
  ] as const;

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">Reports</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">Ticket analytics and downloadable reports.</p>
      </div>
      <section aria-label="Ticket counts" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {tiles.map(([label, value]) => (
          <Card key={label} className="p-4">
            <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
            <p className="mt-1 text-2xl font-bold">{value}</p>
          </Card>
        ))}
      </section>
      <section aria-label="Reports" className="grid gap-4 md:grid-cols-2">
        {reportCards.map(({ id, title, description, Icon }) => (
          <Card key={id} className="flex flex-col gap-3">
            <div className="flex items-center gap-2">
              <Icon aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-400" />
              <h3 className="font-semibold">{title}</h3>
            </div>
            <p className="flex-1 text-sm text-slate-600 dark:text-slate-300">{description}</p>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              aria-label={`Generate ${title}`}
              onClick={() => console.info(`Generate report: ${id}`)}
            >
              Generate
            </Button>
          </Card>
        ))}
      </section>
      <Card>
        <div className="mb-3 flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-400" />
          <h3 className="font-semibold">Weekly Summary</h3>
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-300">Created this week</dt>
            <dd className="text-xl font-bold">{week.created}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-300">Resolved or closed</dt>
            <dd className="text-xl font-bold">{week.resolved}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-300">Still open</dt>
            <dd className="text-xl font-bold">{week.open}</dd>
          </div>
        </dl>
      </Card>
    </div>
  );
}
