import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/form-field';
import { statusFilterOptions, type StatusFilter } from '../lib/admin-filters';

type PartnerAdminToolbarProps = {
  search: string;
  onSearchChange: (search: string) => void;
  statusFilter: StatusFilter;
  onStatusFilterChange: (filter: StatusFilter) => void;
  bulkMode: boolean;
  onBulkModeToggle: () => void;
};

/** Search, the status filter and the Bulk Actions switch above the partner table. */
export function PartnerAdminToolbar(props: PartnerAdminToolbarProps) {
  return (
    <div className="mt-8 flex flex-col gap-3 md:flex-row md:items-center">
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" />
        <Input
          type="search"
          aria-label="Search partners"
          placeholder="Search partners..."
          className="pl-9"
          value={props.search}
          onChange={(event) => props.onSearchChange(event.target.value)}
        />
      </div>
      <Select
        aria-label="Filter by status"
        className="md:w-48"
        value={props.statusFilter}
        onChange={(event) => props.onStatusFilterChange(event.target.value as StatusFilter)}
      >
        {statusFilterOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <Button
        variant={props.bulkMode ? 'secondary' : 'outline'}
        aria-pressed={props.bulkMode}
        onClick={props.onBulkModeToggle}
      >
        Bulk Actions
      </Button>
    </div>
  );
}

/** The bulk selection's count and its (call-free) actions. */
export function SelectionBar({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <div
      role="region"
      aria-label="Selection"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 dark:border-brand-800 dark:bg-navy-800"
    >
      <span className="font-medium">{count} partner(s) selected</span>
      <Button size="sm" variant="outline">
        Send Email
      </Button>
      <Button size="sm" variant="outline">
        Export
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear Selection
      </Button>
    </div>
  );
}
