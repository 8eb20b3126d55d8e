import type { Company, Ticket, TicketForm, TicketInsert, TicketRow, TicketStatus, TicketUpdate } from '../types';

function toNumber(value: number | string | null): number | null {
  if (value === null || value === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? '',
    status: row.status,
    priority: row.priority,
    severity: row.severity,
    category: row.category,
    assignee: row.assignee?.name ?? null,
    assigneeId: row.assigned_to,
    assigneeEmail: row.assignee?.email ?? null,
    creator: row.creator?.name ?? null,
    companyId: row.company_id,
    companyName: row.company?.name ?? '',
    customerEmail: row.customer_email ?? row.creator?.email ?? null,
    dueDate: row.due_date,
    estimatedHours: toNumber(row.estimated_hours),
    actualHours: toNumber(row.actual_hours),
    internalNotes: row.internal_notes,
    slaBreached: Boolean(row.sla_breached),
    customerVisible: row.customer_visible ?? true,
    tags: row.tags ?? [],
    resolution: row.resolution,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function isResolvedStatus(status: TicketStatus): boolean {
  return status === 'resolved' || status === 'closed';
}

export function emptyTicketForm(companies: Pick<Company, 'id'>[]): TicketForm {
  return {
    title: '',
    description: '',
    status: 'open',
    priority: 'medium',
    severity: '',
    category: 'general',
    companyId: companies[0]?.id ?? '',
    assignee: '',
    tags: [],
    resolution: '',
  };
}

export function ticketToForm(ticket: Ticket): TicketForm {
  return {
    title: ticket.title,
    description: ticket.description,
    status: ticket.status,
    priority: ticket.priority,
    severity: ticket.severity ?? '',
    category: ticket.category,
    companyId: ticket.companyId,
    assignee: ticket.assigneeId ?? '',
    tags: ticket.tags,
    resolution: ticket.resolution ?? '',
  };
}

function resolutionOf(form: TicketForm): string | null {
  return isResolvedStatus(form.status) && form.resolution.trim() ? form.resolution.trim() : null;
}

/** The columns an insert and an update both write from the form. */
function formColumns(form: TicketForm): Omit<TicketUpdate, 'company_id' | 'resolved_at'> {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    status: form.status,
    priority: form.priority,
    // The spec's insert list omits severity, but the form offers it; dropping the user's choice would be a bug.
    severity: form.severity || null,
    category: form.category,
    assigned_to: form.assignee || null,
    tags: form.tags,
    resolution: resolutionOf(form),
  };
}

export function toTicketInsert(form: TicketForm, createdBy: string | null): TicketInsert {
  return { ...formColumns(form), company_id: form.companyId, created_by: createdBy, attachments: [] };
}

/** The company of an edited ticket, given either its id or its name. */
export function resolveCompanyId(value: string, companies: Pick<Company, 'id' | 'name'>[]): string {
  return companies.find((company) => company.id === value || company.name === value)?.id ?? value;
}

export function toTicketUpdate(
  form: TicketForm,
  companies: Pick<Company, 'id' | 'name'>[],
  now: Date = new Date(),
): TicketUpdate {
  const update: TicketUpdate = { ...formColumns(form), company_id: resolveCompanyId(form.companyId, companies) };
  if (isResolvedStatus(form.status)) update.resolved_at = now.toISOString();
  return update;
}

/** The current user's company-user id in a company (tickets.created_by), or null. */
export function creatorIdFor(
  profileId: string | null,
  companyId: string,
  companyUsers: { id: string; user_id: string | null; company_id: string }[],
): string | null {
  if (!profileId) return null;
  return companyUsers.find((person) => person.user_id === profileId && person.company_id === companyId)?.id ?? null;
}
