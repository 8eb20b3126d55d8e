import { partnerClient } from '@/lib/supabase';
import { unwrapPartnerRecord } from '../lib/partner-record';
import type { Partner } from '../types';

export async function getPartnerWithAccessControl(partnerId: string): Promise<Partner | null> {
  const { data, error } = await partnerClient.rpc('get_partner_with_access_control', { partner_id: partnerId });
  if (error) throw error;
  return unwrapPartnerRecord(data);
}
