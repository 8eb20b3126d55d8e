import { partnerClient } from '@/lib/supabase';
import type { Partner } from '../types';

type PartnerLinkRow = { partner_id: string; partners: Partner | Partner[] | null };

export async function getPartnerApplication(userId: string): Promise<Partner | null> {
  const { data, error } = await partnerClient
    .from('partner_users')
    .select('partner_id, partners(*)')
    .eq('user_id', userId);
  if (error) throw error;
  const linked = (data as PartnerLinkRow[] | null)?.[0]?.partners;
  return (Array.isArray(linked) ? linked[0] : linked) ?? null;
}
