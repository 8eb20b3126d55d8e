import type { HistoryEntry, Ticket, TicketComment } from '../types';

/** A moment `share` of the way from the ticket's creation to now, so that sample activity never lies ahead. */
function since(createdAt: string, now: Date, share: number): string {
  const created = new Date(createdAt).getTime();
  const elapsed = Math.max(now.getTime() - created, 0);
  return new Date(created + elapsed * share).toISOString();
}

/** The detail dialog shows hard-coded sample comments; they are not loaded (spec 2, section 2). */
export function sampleComments(ticket: Ticket, now: Date = new Date()): TicketComment[] {
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
      createdAt: since(ticket.createdAt, now, 0.25),
      isInternal: false,
      isSystemMessage: false,
    },
    {
      id: `${ticket.id}-c3`,
      ticketId: ticket.id,
      content: 'Checked the logs; escalating to the security engineering team.',
      author: 'Support Team',
      authorEmail: 'support@gulfsec.example',
      createdAt: since(ticket.createdAt, now, 0.5),
      isInternal: true,
      isSystemMessage: false,
    },
  ];
}

/** The detail dialog's activity history is hard-coded sample data as well. */
export function sampleHistory(ticket: Ticket, now: Date = new Date()): HistoryEntry[] {
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
      timestamp: since(ticket.createdAt, now, 0.4),
      description: `Status changed from open to ${ticket.status}`,
    },
  ];
}
