import { ticketingClient } from '@/lib/supabase';

export async function deleteTicket(id: string): Promise<void> {
  const { error } = await ticketingClient.from('tickets').delete().eq('id', id);
  if (error) throw error;
}
