import { useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { createTicket } from '../api/create-ticket';
import { deleteTicket } from '../api/delete-ticket';
import { getProfileId } from '../api/get-profile-id';
import { updateTicket } from '../api/update-ticket';
import { errorMessage } from '@/lib/error-message';
import { applyTicketFilters, filterOptions } from '../lib/ticket-filters';
import { creatorIdFor, emptyTicketForm, ticketToForm, toTicketInsert, toTicketUpdate } from '../lib/ticket-mapper';
import type { Company, CompanyUser, Ticket, TicketFilters, TicketForm } from '../types';
import { TicketDetailDialog } from './ticket-detail-dialog';
import { TicketFilterBar } from './ticket-filter-bar';
import { TicketFormDialog } from './ticket-form-dialog';
import { TicketStatsCards } from './ticket-stats-cards';
import { TicketTable } from './ticket-table';

type TicketsTabProps = {
  tickets: Ticket[];
  loading: boolean;
  companies: Company[];
  companyUsers: CompanyUser[];
  companyFilter: string;
  onCompanyFilterChange: (companyId: string) => void;
  refetch: () => Promise<void>;
};

type Editor = { mode: 'create' } | { mode: 'edit'; ticket: Ticket };

export function TicketsTab({
  tickets,
  loading,
  companies,
  companyUsers,
  companyFilter,
  onCompanyFilterChange,
  refetch,
}: TicketsTabProps) {
  const { toast } = useToast();
  const [filters, setFilters] = useState<TicketFilters>({});
  const [viewing, setViewing] = useState<Ticket | null>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const visible = useMemo(() => applyTicketFilters(tickets, filters), [tickets, filters]);
  const options = useMemo(() => filterOptions(tickets), [tickets]);

  async function save(form: TicketForm) {
    const creating = editor?.mode !== 'edit';
    try {
      if (editor?.mode === 'edit') {
        await updateTicket(editor.ticket.id, toTicketUpdate(form, companies));
      } else {
        const profileId = await getProfileId();
        await createTicket(toTicketInsert(form, creatorIdFor(profileId, form.companyId, companyUsers)));
      }
      toast({ title: `Ticket ${creating ? 'created' : 'updated'} successfully`, variant: 'success' });
      setEditor(null);
      await refetch();
    } catch (error) {
      console.error('Failed to save ticket', error);
      toast({
        title: errorMessage(error, `Failed to ${creating ? 'create' : 'update'} ticket`),
        variant: 'destructive',
      });
    }
  }

  async function remove(ticket: Ticket) {
    if (!window.confirm('Are you sure you want to delete this ticket?')) return;
    try {
      await deleteTicket(ticket.id);
      toast({ title: 'Ticket deleted successfully', variant: 'success' });
      await refetch();
    } catch (error) {
      toast({ title: errorMessage(error, 'Failed to delete ticket'), variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Tickets</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">Track and resolve support issues.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Select
            aria-label="Filter by company"
            value={companyFilter}
            onChange={(event) => onCompanyFilterChange(event.target.value)}
            className="w-auto min-w-[12rem]"
          >
            <option value="">All Companies</option>
            {companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </Select>
          <Button onClick={() => setEditor({ mode: 'create' })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Ticket
          </Button>
        </div>
      </div>
      <TicketStatsCards tickets={tickets} />
      <TicketFilterBar filters={filters} onChange={setFilters} options={options} />
      {loading ? (
        <Spinner label="Loading tickets..." />
      ) : (
        <TicketTable
          tickets={visible}
          onView={setViewing}
          onEdit={(ticket) => setEditor({ mode: 'edit', ticket })}
          onDelete={(ticket) => void remove(ticket)}
        />
      )}
      {viewing && (
        <TicketDetailDialog
          ticket={viewing}
          onClose={() => setViewing(null)}
          onEdit={(ticket) => {
            setViewing(null);
            setEditor({ mode: 'edit', ticket });
          }}
        />
      )}
      {editor && (
        <TicketFormDialog
          key={editor.mode === 'edit' ? editor.ticket.id : 'new'}
          mode={editor.mode}
          initial={editor.mode === 'edit' ? ticketToForm(editor.ticket) : emptyTicketForm(companies)}
          companies={companies}
          companyUsers={companyUsers}
          onClose={() => setEditor(null)}
          onSave={save}
        />
      )}
    </div>
  );
}
