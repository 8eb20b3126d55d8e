import { AlertTriangle, CheckCircle2, Clock, FolderOpen, Percent, ShieldAlert, Ticket, TimerReset } from 'lucide-react';
import { ticketStats } from '../lib/ticket-stats';
import type { Ticket as TicketView } from '../types';
import { StatCard } from './stat-card';

export function TicketStatsCards({ tickets }: { tickets: TicketView[] }) {
  const stats = ticketStats(tickets);
  return (
    <section aria-label="Ticket statistics" className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <StatCard label="Total Tickets" value={stats.total} Icon={Ticket} />
      <StatCard label="Open" value={stats.open} Icon={FolderOpen} />
      <StatCard label="In Progress" value={stats.inProgress} Icon={Clock} />
      <StatCard label="Resolved" value={stats.resolved + stats.closed} Icon={CheckCircle2} hint="Resolved and closed" />
      <StatCard label="Urgent/Critical" value={stats.urgentCritical} Icon={AlertTriangle} hint="Includes high priority" />
      <StatCard label="SLA Breached" value={stats.slaBreached} Icon={ShieldAlert} />
      <StatCard label="Recent" value={stats.recent} Icon={TimerReset} hint="Last 7 days" />
      <StatCard label="Resolution Rate" value={`${stats.resolutionRate}%`} Icon={Percent} />
    </section>
  );
}
