import { ticketingClient } from '@/lib/supabase';
import type { TicketUpdate } from '../types';

export async function updateTicket(id: string, ticket: TicketUpdate): Promise<void> {
  const { error } = await ticketingClient.from('tickets').update(ticket).eq('id', id);
  if (error) throw error;
}
