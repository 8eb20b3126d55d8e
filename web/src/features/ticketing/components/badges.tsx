import { Bug, FileText, Gauge, LifeBuoy, Shield, Wrench, type LucideIcon } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { titleCase } from '../lib/format';
import type { TicketCategory, TicketPriority, TicketSeverity, TicketStatus } from '../types';

const pill = 'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-1.5 py-0.5 text-xs font-medium';

const statusClasses: Record<TicketStatus, string> = {
  open: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  'in-progress': 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  'waiting-response': 'bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200',
  resolved: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  closed: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  cancelled: 'bg-slate-100 text-slate-600 line-through dark:bg-slate-800 dark:text-slate-400',
};

const priorityClasses: Record<TicketPriority, string> = {
  low: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  medium: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  high: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200',
  critical: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  urgent: 'bg-red-600 text-white',
};

const severityClasses: Record<TicketSeverity, string> = {
  critical: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  major: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200',
  moderate: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-200',
  minor: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
};

const categoryIcons: Partial<Record<TicketCategory, LucideIcon>> = {
  bug: Bug,
  security: Shield,
  performance: Gauge,
  support: LifeBuoy,
  maintenance: Wrench,
};

/** `className` may cap the width; the label then ends in an ellipsis, whole in the tooltip. */
export function StatusBadge({ status, className }: { status: TicketStatus; className?: string }) {
  const label = titleCase(status);
  return (
    <span title={label} className={cn(pill, statusClasses[status], className)}>
      <span className="min-w-0 truncate">{label}</span>
    </span>
  );
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return <span className={cn(pill, priorityClasses[priority])}>{titleCase(priority)}</span>;
}

export function SeverityBadge({ severity }: { severity: TicketSeverity | null }) {
  if (!severity) return <span className="text-slate-500 dark:text-slate-400">-</span>;
  return <span className={cn(pill, severityClasses[severity])}>{titleCase(severity)}</span>;
}

/** `className` may cap the width, as for StatusBadge. */
export function CategoryLabel({ category, className }: { category: TicketCategory; className?: string }) {
  const Icon = categoryIcons[category] ?? FileText;
  const label = titleCase(category);
  return (
    <span title={label} className={cn('inline-flex max-w-full items-center gap-1', className)}>
      <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0 text-slate-500 dark:text-slate-400" />
      <span className="min-w-0 truncate">{label}</span>
    </span>
  );
}

export function Pill({ className, children }: { className?: string; children: React.ReactNode }) {
  return <span className={cn(pill, className ?? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200')}>{children}</span>;
}
