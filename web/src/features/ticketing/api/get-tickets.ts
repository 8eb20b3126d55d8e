import { ticketingClient } from '@/lib/supabase';
import type { TicketRow } from '../types';

const ticketSelect =
  '*, company:companies(name), assignee:company_users!tickets_assigned_to_fkey(name, email), creator:company_users!tickets_created_by_fkey(name, email)';

export async function getTickets(companyId?: string): Promise<TicketRow[]> {
  let query = ticketingClient.from('tickets').select(ticketSelect).order('created_at', { ascending: false });
  if (companyId) query = query.eq('company_id', companyId);
  const { data, error } = await query;
  if (error) throw error;
  return (data ?? []) as unknown as TicketRow[];
}
