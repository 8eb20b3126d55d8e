import type { Ticket, TicketFilters } from '../types';

type ListKey = 'status' | 'priority' | 'severity' | 'category' | 'assignee' | 'company' | 'tags';

const listKeys: ListKey[] = ['status', 'priority', 'severity', 'category', 'assignee', 'company', 'tags'];

function startOfDay(value: string): number {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year, month - 1, day).getTime();
}

function endOfDay(value: string): number {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year, month - 1, day, 23, 59, 59, 999).getTime();
}

function matchesList<T extends string>(selected: T[] | undefined, value: T | null): boolean {
  return !selected?.length || (value !== null && selected.includes(value));
}

export function applyTicketFilters(tickets: Ticket[], filters: TicketFilters): Ticket[] {
  const term = filters.searchTerm?.trim().toLowerCase() ?? '';
  const from = filters.dateRange?.from ? startOfDay(filters.dateRange.from) : null;
  const to = filters.dateRange?.to ? endOfDay(filters.dateRange.to) : null;
  return tickets.filter((ticket) => {
    if (term) {
      const haystack = [ticket.id, ticket.title, ticket.description, ticket.companyName, ticket.assignee ?? '', ...ticket.tags]
        .join(' ')
        .toLowerCase();
      if (!haystack.includes(term)) return false;
    }
    if (!matchesList(filters.status, ticket.status)) return false;
    if (!matchesList(filters.priority, ticket.priority)) return false;
    if (!matchesList(filters.severity, ticket.severity)) return false;
    if (!matchesList(filters.category, ticket.category)) return false;
    if (!matchesList(filters.assignee, ticket.assignee ?? 'Unassigned')) return false;
    if (!matchesList(filters.company, ticket.companyName)) return false;
    if (filters.tags?.length && !filters.tags.some((tag) => ticket.tags.includes(tag))) return false;
    const created = new Date(ticket.createdAt).getTime();
    if (from !== null && created < from) return false;
    if (to !== null && created > to) return false;
    if (filters.slaBreached && !ticket.slaBreached) return false;
    if (filters.customerVisible && !ticket.customerVisible) return false;
    return true;
  });
}

/** How many filter groups are active, for the filter button's badge. */
export function countActiveFilters(filters: TicketFilters): number {
  let count = filters.searchTerm?.trim() ? 1 : 0;
  for (const key of listKeys) if (filters[key]?.length) count += 1;
  if (filters.dateRange?.from || filters.dateRange?.to) count += 1;
  if (filters.slaBreached) count += 1;
  if (filters.customerVisible) count += 1;
  return count;
}

/** Adds or removes one value of a list filter; an emptied list is dropped. */
export function toggleFilterValue<K extends ListKey>(
  filters: TicketFilters,
  key: K,
  value: NonNullable<TicketFilters[K]>[number],
): TicketFilters {
  const current = (filters[key] ?? []) as string[];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  const result = { ...filters, [key]: next };
  if (!next.length) delete result[key];
  return result;
}

/** The two special checkboxes set their flag to true or unset it. */
export function setFlag(filters: TicketFilters, key: 'slaBreached' | 'customerVisible', checked: boolean): TicketFilters {
  const result = { ...filters };
  if (checked) result[key] = true;
  else delete result[key];
  return result;
}

export function filterOptions(tickets: Ticket[]): { assignees: string[]; companies: string[]; tags: string[] } {
  const assignees = new Set<string>();
  const companies = new Set<string>();
  const tags = new Set<string>();
  for (const ticket of tickets) {
    assignees.add(ticket.assignee ?? 'Unassigned');
    if (ticket.companyName) companies.add(ticket.companyName);
    ticket.tags.forEach((tag) => tags.add(tag));
  }
  const sorted = (values: Set<string>) => [...values].sort((a, b) => a.localeCompare(b));
  return { assignees: sorted(assignees), companies: sorted(companies), tags: sorted(tags) };
}

export function setSearchTerm(filters: TicketFilters, searchTerm: string): TicketFilters {
  const { searchTerm: _previous, ...rest } = filters;
  return searchTerm ? { ...rest, searchTerm } : rest;
}

/** Sets one end of the created-date range (yyyy-mm-dd, or empty to clear it). */
export function setDateBound(filters: TicketFilters, end: 'from' | 'to', value: string): TicketFilters {
  const { dateRange, ...rest } = filters;
  const next = { ...dateRange, [end]: value || undefined };
  return next.from || next.to ? { ...rest, dateRange: next } : rest;
}

export const datePickerYearsBack = 100;

/** The earliest day the created-date pickers offer (yyyy-mm-dd): 100 years before today. */
export function earliestPickableDate(now: Date = new Date()): string {
  const year = String(now.getFullYear() - datePickerYearsBack).padStart(4, '0');
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}
