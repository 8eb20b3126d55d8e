import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { useOnQueryError } from '@/lib/use-on-query-error';
import { hasPermission } from '@/lib/permissions';
import { AccessDenied } from '@/components/ui/access-denied';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useToast } from '@/components/ui/toast';
import { EmailAddress } from '@/components/ui/contact-text';
import { deletePartner } from '../api/delete-partner';
import { getPartners } from '../api/get-partners';
import { updatePartnerStatus } from '../api/update-partner-status';
import { filterPartners, type StatusFilter } from '../lib/admin-filters';
import { buildStatusUpdate } from '../lib/partner-status';
import type { Partner, PartnerStatus } from '../types';
import { PartnerAdminToolbar, SelectionBar } from './partner-admin-toolbar';
import { PartnerCounts } from './partner-counts';
import { PartnerReviewDialog } from './partner-review-dialog';
import { PartnerTable } from './partner-table';
import { usePartnerLogout } from './use-partner-logout';

const noPartners: Partner[] = [];

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

  const visible = useMemo(() => filterPartners(partners, search, statusFilter), [partners, search, statusFilter]);

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

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Partner Administration</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">Manage partner registrations and applications</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ThemeToggle />
          <span className="text-sm text-slate-600 dark:text-slate-300"><EmailAddress value={email} /></span>
          <Button variant="outline" onClick={logout}>
            <LogOut aria-hidden="true" className="h-4 w-4" /> Logout
          </Button>
        </div>
      </header>

      {query.isPending ? (
        <Spinner label="Loading..." />
      ) : (
        <>
          <PartnerCounts partners={partners} />
          <PartnerAdminToolbar
            search={search}
            onSearchChange={setSearch}
            statusFilter={statusFilter}
            onStatusFilterChange={setStatusFilter}
            bulkMode={bulkMode}
            onBulkModeToggle={() => {
              setBulkMode((value) => !value);
              setSelected(new Set());
            }}
          />
          {bulkMode && selected.size > 0 && (
            <SelectionBar count={selected.size} onClear={() => setSelected(new Set())} />
          )}
          <Card className="mt-6">
            <h2 className="text-lg font-bold">Partner Applications</h2>
            <div className="mt-4">
              <PartnerTable
                partners={visible}
                selectable={bulkMode}
                selected={selected}
                onSelectedChange={setSelected}
                busy={busy}
                onReview={setReviewing}
                onDelete={(partner) => remove(partner, deleteQuestionFor(partner.company_name))}
              />
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
