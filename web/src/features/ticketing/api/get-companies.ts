import { ticketingClient } from '@/lib/supabase';
import type { Company } from '../types';

export async function getCompanies(): Promise<Company[]> {
  const { data, error } = await ticketingClient.from('companies').select('*').order('name');
  if (error) throw error;
  return (data ?? []) as Company[];
}
