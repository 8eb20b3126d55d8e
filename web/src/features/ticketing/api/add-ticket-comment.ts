import { ticketingClient } from '@/lib/supabase';

export async function addTicketComment(ticketId: string, userId: string | null, comment: string): Promise<void> {
  const { error } = await ticketingClient.from('ticket_comments').insert({ ticket_id: ticketId, user_id: userId, comment });
  if (error) throw error;
}
