import { ticketingClient } from '@/lib/supabase';

export async function deleteCompany(id: string): Promise<void> {
  const { error } = await ticketingClient.from('companies').delete().eq('id', id);
  if (error) throw error;
}
