import { ticketingClient } from '@/lib/supabase';
import type { CompanyInput } from '../types';

export async function createCompany(company: CompanyInput): Promise<void> {
  const { error } = await ticketingClient.from('companies').insert(company);
  if (error) throw error;
}
