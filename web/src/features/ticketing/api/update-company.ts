import { ticketingClient } from '@/lib/supabase';
import type { CompanyInput } from '../types';

export async function updateCompany(id: string, company: CompanyInput): Promise<void> {
  const { error } = await ticketingClient.from('companies').update(company).eq('id', id);
  if (error) throw error;
}
