import { ticketingClient } from '@/lib/supabase';
import type { TicketInsert } from '../types';

export async function createTicket(ticket: TicketInsert): Promise<void> {
  const { error } = await ticketingClient.from('tickets').insert(ticket);
  if (error) throw error;
}
