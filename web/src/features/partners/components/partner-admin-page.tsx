import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Eye, LogOut, Search, Trash2 } from 'lucide-react';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date';
import { useOnQueryError } from '@/lib/use-on-query-error';
import { hasPermission } from '@/lib/permissions';
import { AccessDenied } from '@/components/ui/access-denied';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Cell, DataTable } from '@/components/ui/data-table';
import { Input, Select } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useToast } from '@/components/ui/toast';
import { deletePartner } from '../api/delete-partner';
import { getPartners } from '../api/get-partners';
import { updatePartnerStatus } from '../api/update-partner-status';
import {
  countPartners,
  filterPartners,
  formatCompanyType,
  statusFilterOptions,
  toggleAll,
  toggleSelection,
  type StatusFilter,
} from '../lib/admin-filters';
import { buildStatusUpdate } from '../lib/partner-status';
import type { Partner, PartnerStatus } from '../types';
import { PartnerReviewDialog } from './partner-review-dialog';
import { StatusBadge } from './status-badge';
import { usePartnerLogout } from './use-partner-logout';

const noPartners: Partner[] = [];

const partnerColumns = ['Company', 'Contact', 'Type', 'Status', 'Applied', 'Actions'];

const deleteQuestion = 'Are you sure you want to delete this partner? This action cannot be undone.';

function deleteQuestionFor(companyName: string): string {
  return `Are you sure you want to delete ${companyName}? This action cannot be undone.`;
}

export function PartnerAdminPage() {
  const { role, user } = useAuth('partner');
  if (!hasPermission(role, 'manage-partners')) {
    return <AccessDenied message="You do not have permission to access the partner administration panel." />;
  }
  return <PartnerAdmin email={user?.email ?? ''} />;
}

function PartnerAdmin({ email }: { email: string }) {
  const { toast } = useToast();
  const logout = usePartnerLogout();
  const query = useQuery({ queryKey: ['partners'], queryFn: getPartners });
  const partners = query.data ?? noPartners;
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const [bulkMode, setBulkMode] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [reviewing, setReviewing] = useState<Partner | null>(null);

  useOnQueryError(query.error, query.errorUpdatedAt, (error) =>
    toast({ title: 'Error fetching partners', description: errorMessage(error), variant: 'destructive' }),
  );

  const counts = useMemo(() => countPartners(partners), [partners]);
  const visible = useMemo(() => filterPartners(partners, search, statusFilter), [partners, search, statusFilter]);
  const visibleIds = visible.map((partner) => partner.id);
  const allVisibleSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));

  async function changeStatus(partner: Partner, next: PartnerStatus, rejectionReason: string, notes: string) {
    setBusy(true);
    try {
      await updatePartnerStatus(partner.id, buildStatusUpdate(next, rejectionReason, notes, new Date()));
      toast({ title: 'Partner status updated', description: `Partner has been ${next}.`, variant: 'success' });
      setReviewing(null);
      await query.refetch();
    } catch (error) {
      toast({ title: 'Error updating partner', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function remove(partner: Partner, question: string) {
    if (!window.confirm(question)) return;
    setBusy(true);
    try {
      await deletePartner(partner.id);
      toast({ title: 'Partner deleted', description: 'Partner has been successfully deleted.', variant: 'success' });
      setReviewing(null);
      setSelected((current) => {
        const next = new Set(current);
        next.delete(partner.id);
        return next;
      });
      await query.refetch();
    } catch (error) {
      toast({ title: 'Error deleting partner', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const counters = [
    { label: 'Total', value: counts.total, tone: 'text-slate-900 dark:text-white' },
    { label: 'Pending', value: counts.pending, tone: 'text-yellow-600' },
    { label: 'Approved', value: counts.approved, tone: 'text-green-600' },
    { label: 'Rejected', value: counts.rejected, tone: 'text-red-600' },
    { label: 'Suspended', value: counts.suspended, tone: 'text-slate-500' },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Partner Administration</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">Manage partner registrations and applications</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ThemeToggle />
          <span className="text-sm text-slate-600 dark:text-slate-300">{email}</span>
          <Button variant="outline" onClick={logout}>
            <LogOut aria-hidden="true" className="h-4 w-4" /> Logout
          </Button>
        </div>
      </header>

      {query.isPending ? (
        <Spinner label="Loading..." />
      ) : (
        <>
          <ul aria-label="Partner counts" className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {counters.map((counter) => (
              <li key={counter.label}>
                <Card className="p-4">
                  <p className="text-sm text-slate-600 dark:text-slate-300">{counter.label}</p>
                  <p className={`text-2xl font-bold ${counter.tone}`} data-testid={`count-${counter.label.toLowerCase()}`}>
                    {counter.value}
                  </p>
                </Card>
              </li>
            ))}
          </ul>

          <div className="mt-8 flex flex-col gap-3 md:flex-row md:items-center">
            <div className="relative flex-1">
              <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" />
              <Input
                type="search"
                aria-label="Search partners"
                placeholder="Search partners..."
                className="pl-9"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <Select
              aria-label="Filter by status"
              className="md:w-48"
              value={statusFilter}
              onChange={(event) => setStatusFilter(event.target.value as StatusFilter)}
            >
              {statusFilterOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
            <Button
              variant={bulkMode ? 'secondary' : 'outline'}
              aria-pressed={bulkMode}
              onClick={() => {
                setBulkMode((value) => !value);
                setSelected(new Set());
              }}
            >
              Bulk Actions
            </Button>
          </div>

          {bulkMode && selected.size > 0 && (
            <div
              role="region"
              aria-label="Selection"
              className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 dark:border-brand-800 dark:bg-navy-800"
            >
              <span className="font-medium">{selected.size} partner(s) selected</span>
              <Button size="sm" variant="outline">
                Send Email
              </Button>
              <Button size="sm" variant="outline">
                Export
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                Clear Selection
              </Button>
            </div>
          )}

          <Card className="mt-6">
            <h2 className="text-lg font-bold">Partner Applications</h2>
            <div className="mt-4">
              <DataTable
                caption="Partner applications"
                columns={partnerColumns}
                leadingHeader={
                  bulkMode && (
                    <th scope="col" className="w-10 px-3 py-2">
                      <input
                        type="checkbox"
                        aria-label="Select all partners"
                        className="h-4 w-4 accent-brand-600"
                        checked={allVisibleSelected}
                        onChange={() => setSelected((current) => toggleAll(current, visibleIds))}
                      />
                    </th>
                  )
                }
                footer={visible.length === 0 && <p className="px-4 py-8 text-center text-slate-500">No partners found.</p>}
              >
                {visible.map((partner) => (
                  <tr key={partner.id} className="align-top">
                    {bulkMode && (
                      <Cell wide>
                        <input
                          type="checkbox"
                          aria-label={`Select ${partner.company_name}`}
                          className="h-4 w-4 accent-brand-600"
                          checked={selected.has(partner.id)}
                          onChange={() => setSelected((current) => toggleSelection(current, partner.id))}
                        />
                      </Cell>
                    )}
                    <Cell label="Company">
                      <p className="font-semibold">{partner.company_name}</p>
                      {partner.company_size && <p className="text-xs text-slate-500">{partner.company_size}</p>}
                    </Cell>
                    <Cell label="Contact">
                      <p>{partner.primary_contact_name}</p>
                      <p className="text-xs text-slate-500">{partner.primary_contact_email}</p>
                    </Cell>
                    <Cell label="Type">{formatCompanyType(partner.company_type)}</Cell>
                    <Cell label="Status">
                      <StatusBadge status={partner.status} />
                    </Cell>
                    <Cell label="Applied" className="whitespace-nowrap">{formatDate(partner.created_at, 'MMM d, yyyy')}</Cell>
                    <Cell label="Actions" wide>
                      <div className="flex gap-2">
                        <Button size="sm" variant="outline" onClick={() => setReviewing(partner)}>
                          <Eye aria-hidden="true" className="h-4 w-4" /> Review
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Delete ${partner.company_name}`}
                          className="text-red-600 dark:text-red-400"
                          disabled={busy}
                          onClick={() => remove(partner, deleteQuestionFor(partner.company_name))}
                        >
                          <Trash2 aria-hidden="true" className="h-4 w-4" />
                        </Button>
                      </div>
                    </Cell>
                  </tr>
                ))}
              </DataTable>
            </div>
          </Card>
        </>
      )}

      {reviewing && (
        <PartnerReviewDialog
          key={reviewing.id}
          partner={reviewing}
          busy={busy}
          onClose={() => setReviewing(null)}
          onStatusChange={(next, reason, notes) => changeStatus(reviewing, next, reason, notes)}
          onDelete={() => remove(reviewing, deleteQuestion)}
        />
      )}
    </div>
  );
}
