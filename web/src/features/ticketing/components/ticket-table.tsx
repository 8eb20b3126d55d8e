import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { relativeTime, shortId } from '../lib/format';
import type { Ticket } from '../types';
import { CategoryLabel, Pill, PriorityBadge, SeverityBadge, StatusBadge } from './badges';
import { Cell, DataTable, RowActions, TruncatedText } from '@/components/ui/data-table';
import { IconButton } from './icon-button';

const shownTags = 2;

type TicketTableProps = {
  tickets: Ticket[];
  onView: (ticket: Ticket) => void;
  onEdit: (ticket: Ticket) => void;
  onDelete: (ticket: Ticket) => void;
};

const columns = ['ID', 'Company', 'Title', 'Status', 'Priority', 'Severity', 'Category', 'Assignee', 'Due Date', 'Created', 'Hours', 'Vis.', 'Actions'];

export function TicketTable({ tickets, onView, onEdit, onDelete }: TicketTableProps) {
  if (tickets.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center dark:border-slate-700">
        <p className="font-semibold">No tickets found</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Create a new ticket to get started</p>
      </div>
    );
  }
  return (
    <DataTable caption="Tickets" columns={columns} dense>
      {tickets.map((ticket) => (
        <tr key={ticket.id} data-ticket-id={ticket.id} className="hover:bg-slate-50 dark:hover:bg-navy-800/60">
          <Cell label="ID" className="font-mono text-xs">
            <span title={ticket.id}>{shortId(ticket.id)}</span>
          </Cell>
          <Cell label="Company">
            <TruncatedText text={ticket.companyName} className="@min-[60rem]:max-w-[5.5rem]" />
          </Cell>
          {/* The title takes the width the other columns leave (max-w-0 with w-full) and keeps to one line, its tags
              on a second; the full title shows in the tooltip, while it has focus, and in the dialog it opens. */}
          <Cell label="Title" wide className="@min-[60rem]:w-full @min-[60rem]:max-w-0">
            <button
              type="button"
              title={ticket.title}
              onClick={() => onView(ticket)}
              className="block max-w-full text-left font-medium text-brand-700 hover:underline @min-[60rem]:truncate @min-[60rem]:focus-visible:whitespace-normal dark:text-brand-300"
            >
              {ticket.title}
            </button>
            {ticket.tags.length > 0 && (
              <div className="mt-0.5 flex flex-wrap gap-1 @min-[60rem]:flex-nowrap @min-[60rem]:overflow-hidden">
                {ticket.tags.slice(0, shownTags).map((tag) => (
                  <Pill key={tag}>{tag}</Pill>
                ))}
                {ticket.tags.length > shownTags && <Pill>+{ticket.tags.length - shownTags}</Pill>}
              </div>
            )}
          </Cell>
          <Cell label="Status">
            <StatusBadge status={ticket.status} className="@min-[60rem]:max-w-[5.5rem]" />
          </Cell>
          <Cell label="Priority">
            <PriorityBadge priority={ticket.priority} />
          </Cell>
          <Cell label="Severity">
            <SeverityBadge severity={ticket.severity} />
          </Cell>
          <Cell label="Category">
            <CategoryLabel category={ticket.category} className="@min-[60rem]:max-w-[5.5rem]" />
          </Cell>
          <Cell label="Assignee">
            <TruncatedText text={ticket.assignee ?? 'Unassigned'} className="@min-[60rem]:max-w-[5.5rem]" />
          </Cell>
          <Cell label="Due Date">-</Cell>
          <Cell label="Created">
            <time dateTime={ticket.createdAt} title={relativeTime(ticket.createdAt)} className="whitespace-nowrap">
              {formatDate(ticket.createdAt)}
            </time>
          </Cell>
          <Cell label="Hours">-</Cell>
          <Cell label="Vis.">
            {ticket.customerVisible ? (
              <Eye role="img" aria-label="Visible to customer" className="h-4 w-4 text-green-700 dark:text-green-400" />
            ) : (
              <EyeOff role="img" aria-label="Hidden from customer" className="h-4 w-4 text-slate-500 dark:text-slate-400" />
            )}
          </Cell>
          <RowActions>
            <IconButton
              label={`Edit ticket ${ticket.title}`}
              title="Edit"
              Icon={Pencil}
              onClick={() => onEdit(ticket)}
              className="hover:text-slate-900"
            />
            <IconButton
              label={`Delete ticket ${ticket.title}`}
              title="Delete"
              Icon={Trash2}
              tone="danger"
              onClick={() => onDelete(ticket)}
            />
          </RowActions>
        </tr>
      ))}
    </DataTable>
  );
}
