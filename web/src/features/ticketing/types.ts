import type { Json } from '@/lib/database.types';

export const ticketStatuses = ['open', 'in-progress', 'waiting-response', 'resolved', 'closed', 'cancelled'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketPriorities = ['low', 'medium', 'high', 'critical', 'urgent'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];

export const ticketSeverities = ['critical', 'major', 'moderate', 'minor'] as const;
export type TicketSeverity = (typeof ticketSeverities)[number];

export const ticketCategories = [
  'general',
  'technical',
  'billing',
  'feature-request',
  'bug',
  'security',
  'performance',
  'support',
  'maintenance',
  'other',
] as const;
export type TicketCategory = (typeof ticketCategories)[number];

export const formStatuses: TicketStatus[] = ['open', 'in-progress', 'resolved', 'closed'];
export const formPriorities: TicketPriority[] = ['low', 'medium', 'high', 'critical'];
export const formCategories: TicketCategory[] = ['general', 'technical', 'billing', 'feature-request'];

export const companyStatuses = ['active', 'inactive', 'suspended'] as const;
export type CompanyStatus = (typeof companyStatuses)[number];

export const subscriptions = ['free', 'pro', 'enterprise'] as const;
export type Subscription = (typeof subscriptions)[number];

export type Company = {
  id: string;
  name: string;
  description: string | null;
  status: CompanyStatus;
  subscription: Subscription;
  user_count: number;
  created_at: string;
};

export type CompanyInput = Pick<Company, 'name' | 'description' | 'status' | 'subscription'>;

export type CompanyUser = {
  id: string;
  user_id: string | null;
  company_id: string;
  name: string;
  email: string;
};

export type CompanyUserInput = Pick<CompanyUser, 'name' | 'email' | 'company_id'>;

type Person = { name: string; email: string } | null;

/** A tickets row as read with the joined company, assignee and creator. */
export type TicketRow = {
  id: string;
  title: string;
  description: string | null;
  status: TicketStatus;
  priority: TicketPriority;
  severity: TicketSeverity | null;
  category: TicketCategory;
  company_id: string;
  assigned_to: string | null;
  created_by: string | null;
  tags: string[] | null;
  attachments: unknown;
  resolution: string | null;
  resolved_at: string | null;
  due_date: string | null;
  estimated_hours: number | string | null;
  actual_hours: number | string | null;
  internal_notes: string | null;
  sla_breached: boolean | null;
  customer_visible: boolean | null;
  customer_email: string | null;
  created_at: string;
  updated_at: string;
  company: { name: string } | null;
  assignee: Person;
  creator: Person;
};

/** The shell's view of a ticket. */
export type Ticket = {
  id: string;
  title: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  severity: TicketSeverity | null;
  category: TicketCategory;
  assignee: string | null;
  assigneeId: string | null;
  assigneeEmail: string | null;
  creator: string | null;
  companyId: string;
  companyName: string;
  customerEmail: string | null;
  dueDate: string | null;
  estimatedHours: number | null;
  actualHours: number | null;
  internalNotes: string | null;
  slaBreached: boolean;
  customerVisible: boolean;
  tags: string[];
  resolution: string | null;
  createdAt: string;
  updatedAt: string;
};

/** What the create/edit dialog edits. */
export type TicketForm = {
  title: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  severity: TicketSeverity | '';
  category: TicketCategory;
  companyId: string;
  assignee: string;
  tags: string[];
  resolution: string;
};

export type TicketInsert = {
  title: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  severity: TicketSeverity | null;
  category: TicketCategory;
  company_id: string;
  assigned_to: string | null;
  created_by: string | null;
  tags: string[];
  attachments: Json[];
  resolution: string | null;
};

export type TicketUpdate = Omit<TicketInsert, 'created_by' | 'attachments'> & { resolved_at?: string };

export type TicketFilters = {
  searchTerm?: string;
  status?: TicketStatus[];
  priority?: TicketPriority[];
  severity?: TicketSeverity[];
  category?: TicketCategory[];
  assignee?: string[];
  company?: string[];
  tags?: string[];
  dateRange?: { from?: string; to?: string };
  slaBreached?: true;
  customerVisible?: true;
};

export type TicketComment = {
  id: string;
  ticketId: string;
  content: string;
  author: string;
  authorEmail: string;
  createdAt: string;
  isInternal: boolean;
  isSystemMessage: boolean;
};

export type HistoryEntry = {
  id: string;
  ticketId: string;
  action: string;
  field?: string;
  oldValue?: string;
  newValue?: string;
  author: string;
  timestamp: string;
  description: string;
};

export const userRoles = ['super-admin', 'power-user', 'read-user'] as const;
export type UserRole = (typeof userRoles)[number];
export type UserStatus = 'active' | 'inactive';

export type ManagedUser = {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  createdAt: string;
};
