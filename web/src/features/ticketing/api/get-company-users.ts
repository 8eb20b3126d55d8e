import { ticketingClient } from '@/lib/supabase';
import type { CompanyUser } from '../types';

export async function getCompanyUsers(): Promise<CompanyUser[]> {
  const { data, error } = await ticketingClient.from('company_users').select('*').order('name');
  if (error) throw error;
  return (data ?? []) as CompanyUser[];
}
