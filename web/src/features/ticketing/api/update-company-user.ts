import { ticketingClient } from '@/lib/supabase';
import type { CompanyUserInput } from '../types';

export async function updateCompanyUser(id: string, person: CompanyUserInput): Promise<void> {
  const { error } = await ticketingClient.from('company_users').update(person).eq('id', id);
  if (error) throw error;
}
