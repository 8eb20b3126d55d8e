import { useId, useState } from 'react';
import { Filter, Search, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/form-field';
import { titleCase } from '../lib/format';
import {
  countActiveFilters,
  earliestPickableDate,
  setDateBound,
  setFlag,
  setSearchTerm,
  toggleFilterValue,
} from '../lib/ticket-filters';
import { ticketCategories, ticketPriorities, ticketSeverities, ticketStatuses, type TicketFilters } from '../types';

type ListKey = 'status' | 'priority' | 'severity' | 'category' | 'assignee' | 'company' | 'tags';

type FilterChange = { filters: TicketFilters; onChange: (filters: TicketFilters) => void };

type FilterBarProps = FilterChange & { options: { assignees: string[]; companies: string[]; tags: string[] } };

function CheckboxLabel({
  label,
  checked,
  onChange,
  className,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={cn('flex items-center gap-2 text-sm', className)}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4 accent-brand-600"
      />
      {label}
    </label>
  );
}

function DateBoundInput({ label, end, filters, onChange }: { label: string; end: 'from' | 'to' } & FilterChange) {
  return (
    <label className="block text-sm">
      {label}
      <Input
        type="date"
        min={earliestPickableDate()}
        value={filters.dateRange?.[end] ?? ''}
        onChange={(event) => onChange(setDateBound(filters, end, event.target.value))}
      />
    </label>
  );
}

function CheckboxGroup({
  legend,
  values,
  selected,
  onToggle,
  scroll = false,
  format = titleCase,
}: {
  legend: string;
  values: readonly string[];
  selected: string[] | undefined;
  onToggle: (value: string) => void;
  scroll?: boolean;
  format?: (value: string) => string;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-semibold">{legend}</legend>
      <div className={scroll ? 'max-h-40 space-y-1 overflow-y-auto pr-1' : 'space-y-1'}>
        {values.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">None</p>}
        {values.map((value) => (
          <CheckboxLabel key={value} label={format(value)} checked={selected?.includes(value) ?? false} onChange={() => onToggle(value)} />
        ))}
      </div>
    </fieldset>
  );
}

const asIs = (value: string) => value;

export function TicketFilterBar({ filters, onChange, options }: FilterBarProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = countActiveFilters(filters);
  const toggle = (key: ListKey) => (value: string) => onChange(toggleFilterValue(filters, key, value as never));

  return (
    <section aria-label="Ticket filters" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-[14rem] flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" />
          <Input
            type="search"
            aria-label="Search tickets"
            placeholder="Search tickets..."
            value={filters.searchTerm ?? ''}
            onChange={(event) => onChange(setSearchTerm(filters, event.target.value))}
            className="pl-9"
          />
        </div>
        <Button variant="outline" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
          <Filter aria-hidden="true" className="h-4 w-4" />
          Filters
          {active > 0 && (
            <span
              aria-label={`${active} active`}
              className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white"
            >
              {active}
            </span>
          )}
        </Button>
        {active > 0 && (
          <Button variant="ghost" onClick={() => onChange({})}>
            <X aria-hidden="true" className="h-4 w-4" />
            Clear filters
          </Button>
        )}
      </div>
      {open && (
        <div
          id={panelId}
          className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-800 dark:bg-navy-900"
        >
          <CheckboxGroup legend="Status" values={ticketStatuses} selected={filters.status} onToggle={toggle('status')} />
          <CheckboxGroup legend="Priority" values={ticketPriorities} selected={filters.priority} onToggle={toggle('priority')} />
          <CheckboxGroup legend="Severity" values={ticketSeverities} selected={filters.severity} onToggle={toggle('severity')} />
          <CheckboxGroup legend="Category" values={ticketCategories} selected={filters.category} onToggle={toggle('category')} scroll />
          <CheckboxGroup
            legend="Assignee"
            values={options.assignees}
            selected={filters.assignee}
            onToggle={toggle('assignee')}
            scroll
            format={asIs}
          />
          <CheckboxGroup
            legend="Company"
            values={options.companies}
            selected={filters.company}
            onToggle={toggle('company')}
            scroll
            format={asIs}
          />
          <CheckboxGroup legend="Tags" values={options.tags} selected={filters.tags} onToggle={toggle('tags')} scroll format={asIs} />
          <fieldset className="space-y-2">
            <legend className="mb-1.5 text-sm font-semibold">Created</legend>
            <DateBoundInput label="From" end="from" filters={filters} onChange={onChange} />
            <DateBoundInput label="To" end="to" filters={filters} onChange={onChange} />
            <CheckboxLabel
              label="SLA breached"
              checked={filters.slaBreached ?? false}
              onChange={(checked) => onChange(setFlag(filters, 'slaBreached', checked))}
              className="pt-2"
            />
            <CheckboxLabel
              label="Customer visible"
              checked={filters.customerVisible ?? false}
              onChange={(checked) => onChange(setFlag(filters, 'customerVisible', checked))}
            />
          </fieldset>
        </div>
      )}
    </section>
  );
}

