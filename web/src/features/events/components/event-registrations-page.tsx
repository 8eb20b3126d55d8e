import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { CalendarCheck, Download, LogOut, Search, Users } from 'lucide-react';
import { loginPath } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date';
import { AccessDenied } from '@/components/ui/access-denied';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Cell, DataTable } from '@/components/ui/data-table';
import { Input } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useToast } from '@/components/ui/toast';
import { EmailAddress } from '@/components/ui/contact-text';
import { getEventRegistrations, registrationsLoadFailure, type EventRegistrationsResult } from '../api/get-event-registrations';
import {
  buildRegistrationsCsv,
  countToday,
  csvColumns,
  csvFileName,
  filterRegistrations,
  type EventRegistration,
} from '../lib/registrations';

const deniedMessage =
  'You do not have permission to access event registrations. Only super-admins can view this data.';

function downloadCsv(rows: EventRegistration[]) {
  const blob = new Blob([buildRegistrationsCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(new Date());
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function EventRegistrationsPage() {
  const { user, signOut } = useAuth('partner');
  const navigate = useNavigate();
  const { toast } = useToast();
  const query = useQuery({ queryKey: ['event_registrations'], queryFn: getEventRegistrations });
  const [search, setSearch] = useState('');
  const result = useMemo<EventRegistrationsResult | undefined>(
    () => (query.error ? { kind: 'error', message: errorMessage(query.error, registrationsLoadFailure) } : query.data),
    [query.error, query.data],
  );

  const rows = useMemo(() => (result?.kind === 'ok' ? result.rows : []), [result]);
  const visible = useMemo(() => filterRegistrations(rows, search), [rows, search]);

  async function logout() {
    await signOut();
    navigate(loginPath('partner'));
  }

  function exportCsv() {
    downloadCsv(visible);
    toast({ title: 'Export successful', description: 'Registration data has been exported to CSV.', variant: 'success' });
  }

  if (!result) return <Spinner label="Loading..." />;
  if (result.kind === 'denied') return <AccessDenied message={deniedMessage} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Event Registrations</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">CrowdSec Vendor Introduction, 17 November 2025</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ThemeToggle />
          {user && <span className="text-sm text-slate-600 dark:text-slate-300"><EmailAddress value={user.email} /></span>}
          <Button variant="outline" onClick={logout}>
            <LogOut aria-hidden="true" className="h-4 w-4" /> Logout
          </Button>
        </div>
      </div>

      {result.kind === 'error' && (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {result.message}
        </p>
      )}

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Card className="flex items-center gap-4">
          <Users aria-hidden="true" className="h-8 w-8 text-brand-700 dark:text-brand-400" />
          <div>
            <p className="text-sm text-slate-600 dark:text-slate-300">Total Registrations</p>
            <p className="text-3xl font-bold" data-testid="total-registrations">{rows.length}</p>
          </div>
        </Card>
        <Card className="flex items-center gap-4">
          <CalendarCheck aria-hidden="true" className="h-8 w-8 text-green-700 dark:text-green-400" />
          <div>
            <p className="text-sm text-slate-600 dark:text-slate-300">Registered Today</p>
            <p className="text-3xl font-bold" data-testid="today-registrations">{countToday(rows, new Date())}</p>
          </div>
        </Card>
      </div>

      <Card className="mt-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative w-full sm:max-w-sm">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" />
            <Input
              type="search"
              aria-label="Search registrations"
              placeholder="Search registrations..."
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <Button onClick={exportCsv} disabled={visible.length === 0}>
            <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
          </Button>
        </div>
        <div className="mt-6">
          <DataTable caption="Event registrations" columns={csvColumns}>
            {visible.map((row) => (
              <tr key={row.id}>
                <Cell label="First Name">{row.first_name}</Cell>
                <Cell label="Last Name">{row.last_name}</Cell>
                <Cell label="Email">{row.email}</Cell>
                <Cell label="Phone">{row.phone}</Cell>
                <Cell label="Company">{row.company_name}</Cell>
                <Cell label="Registered Date" className="whitespace-nowrap">
                  {formatDate(row.created_at, 'yyyy-MM-dd HH:mm')}
                </Cell>
              </tr>
            ))}
            {visible.length === 0 && (
              <tr>
                <Cell colSpan={csvColumns.length} className="py-8 text-center text-slate-500 dark:text-slate-400">
                  {search ? 'No registrations match your search.' : 'No registrations yet.'}
                </Cell>
              </tr>
            )}
          </DataTable>
        </div>
      </Card>
    </div>
  );
}
