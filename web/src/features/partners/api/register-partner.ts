import { partnerClient } from '@/lib/supabase';
import type { PartnerInsert } from '../lib/registration-rules';
import type { Partner } from '../types';

export async function registerPartner(insert: PartnerInsert): Promise<Partner> {
  const { data, error } = await partnerClient.from('partners').insert(insert).select().single();
  if (error) throw error;
  return data as Partner;
}
