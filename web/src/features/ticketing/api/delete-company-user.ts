import { ticketingClient } from '@/lib/supabase';

export async function deleteCompanyUser(id: string): Promise<void> {
  const { error } = await ticketingClient.from('company_users').delete().eq('id', id);
  if (error) throw error;
}
