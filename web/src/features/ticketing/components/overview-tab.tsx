import { AlertTriangle, Building2, CheckCircle2, Clock, FolderOpen, Percent, Ticket as TicketIcon, Users } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { dashboardOverview } from '../lib/ticket-stats';
import type { Ticket } from '../types';
import { StatusBadge } from './badges';
import { StatCard } from './stat-card';

const recentCount = 5;

type OverviewTabProps = { tickets: Ticket[]; companyCount: number; peopleCount: number };

export function OverviewTab({ tickets, companyCount, peopleCount }: OverviewTabProps) {
  const overview = dashboardOverview(tickets);
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">Overview</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">Totals across the tickets you can see.</p>
      </div>
      <section aria-label="Totals" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatCard label="Total Tickets" value={overview.total} Icon={TicketIcon} />
        <StatCard label="Open" value={overview.open} Icon={FolderOpen} />
        <StatCard label="In Progress" value={overview.inProgress} Icon={Clock} />
        <StatCard label="Resolved" value={overview.resolved} Icon={CheckCircle2} />
        <StatCard label="Critical" value={overview.critical} Icon={AlertTriangle} />
        <StatCard label="Resolution Rate" value={`${overview.resolutionRate}%`} Icon={Percent} hint="Resolved / total" />
        <StatCard label="Companies" value={companyCount} Icon={Building2} />
        <StatCard label="Company Users" value={peopleCount} Icon={Users} />
      </section>
      <Card>
        <h3 className="mb-3 font-semibold">Latest Tickets</h3>
        {tickets.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No tickets found</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {tickets.slice(0, recentCount).map((ticket) => (
              <li key={ticket.id} className="py-2 text-sm sm:flex sm:items-center sm:gap-3">
                <p title={ticket.title} className="font-medium break-words sm:min-w-0 sm:flex-1 sm:truncate">
                  {ticket.title}
                </p>
                <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 sm:mt-0">
                  <span className="text-slate-600 dark:text-slate-300">{ticket.companyName}</span>
                  <StatusBadge status={ticket.status} />
                  <span className="text-slate-600 dark:text-slate-300">{formatDate(ticket.createdAt)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
