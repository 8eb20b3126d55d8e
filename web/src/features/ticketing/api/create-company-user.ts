import { ticketingClient } from '@/lib/supabase';
import type { CompanyUserInput } from '../types';

export async function createCompanyUser(person: CompanyUserInput): Promise<void> {
  const { error } = await ticketingClient.from('company_users').insert({ ...person, user_id: null });
  if (error) throw error;
}
