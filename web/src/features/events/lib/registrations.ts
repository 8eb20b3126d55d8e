import { formatDate } from '@/lib/format-date';

export type EventRegistration = {
  id: string;
  event_name: string;
  event_date: string;
  event_location: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string;
  status: string;
  created_at: string;
};

export function filterRegistrations(list: EventRegistration[], search: string): EventRegistration[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return list;
  return list.filter((row) =>
    [row.first_name, row.last_name, row.email, row.company_name].some((value) =>
      (value ?? '').toLowerCase().includes(needle),
    ),
  );
}

function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function countToday(list: EventRegistration[], now: Date): number {
  return list.filter((row) => sameLocalDay(new Date(row.created_at), now)).length;
}

export const csvColumns = ['First Name', 'Last Name', 'Email', 'Phone', 'Company', 'Registered Date'] as const;

// Public visitors fill these cells and admins open the file in spreadsheets: a cell that would start a formula is
// prefixed with a quote, while phone numbers such as +971... stay as typed.
const formulaStart = /^(?:[=@\t\r]|[+-][^\d\s(])/;

function csvCell(raw: string): string {
  const value = formulaStart.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function buildRegistrationsCsv(list: EventRegistration[]): string {
  const rows = list.map((row) => [
    row.first_name,
    row.last_name,
    row.email,
    row.phone,
    row.company_name,
    formatDate(row.created_at, 'yyyy-MM-dd HH:mm'),
  ]);
  return [[...csvColumns], ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function csvFileName(now: Date): string {
  return `event-registrations-${formatDate(now, 'yyyy-MM-dd')}.csv`;
}
