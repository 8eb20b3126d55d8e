import type { HistoryEntry, Ticket, TicketComment } from '../types';

const hourMs = 3_600_000;

function after(iso: string, hours: number): string {
  return new Date(new Date(iso).getTime() + hours * hourMs).toISOString();
}

/** The detail dialog shows hard-coded sample comments; they are not loaded (spec 2, section 2). */
export function sampleComments(ticket: Ticket): TicketComment[] {
  return [
    {
      id: `${ticket.id}-c1`,
      ticketId: ticket.id,
      content: 'Ticket created and assigned to the support team.',
      author: 'System',
      authorEmail: 'system@gulfsec.example',
      createdAt: ticket.createdAt,
      isInternal: false,
      isSystemMessage: true,
    },
    {
      id: `${ticket.id}-c2`,
      ticketId: ticket.id,
      content: 'Thanks for the report. We are looking into it and will update you shortly.',
      author: ticket.assignee ?? 'Support Team',
      authorEmail: ticket.assigneeEmail ?? 'support@gulfsec.example',
      createdAt: after(ticket.createdAt, 2),
      isInternal: false,
      isSystemMessage: false,
    },
    {
      id: `${ticket.id}-c3`,
      ticketId: ticket.id,
      content: 'Checked the logs; escalating to the security engineering team.',
      author: 'Support Team',
      authorEmail: 'support@gulfsec.example',
      createdAt: after(ticket.createdAt, 4),
      isInternal: true,
      isSystemMessage: false,
    },
  ];
}

/** The detail dialog's activity history is hard-coded sample data as well. */
export function sampleHistory(ticket: Ticket): HistoryEntry[] {
  return [
    {
      id: `${ticket.id}-h1`,
      ticketId: ticket.id,
      action: 'created',
      author: ticket.creator ?? 'System',
      timestamp: ticket.createdAt,
      description: 'Ticket created',
    },
    {
      id: `${ticket.id}-h2`,
      ticketId: ticket.id,
      action: 'updated',
      field: 'status',
      oldValue: 'open',
      newValue: ticket.status,
      author: ticket.assignee ?? 'Support Team',
      timestamp: after(ticket.createdAt, 3),
      description: `Status changed from open to ${ticket.status}`,
    },
  ];
}
