import { partnerClient } from '@/lib/supabase';
import type { Partner } from '../types';

export async function getPartners(): Promise<Partner[]> {
  const { data, error } = await partnerClient.from('partners').select('*').order('created_at', { ascending: false });
  if (error) throw error;
  return (data ?? []) as Partner[];
}
