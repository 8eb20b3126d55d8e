import type { PostgrestError } from '@supabase/supabase-js';
import { partnerClient } from '@/lib/supabase';

export type PartnerLinkResult = { partnerId: string | null; error: PostgrestError | null };

export async function getPartnerLink(userId: string): Promise<PartnerLinkResult> {
  const { data, error } = await partnerClient
    .from('partner_users')
    .select('partner_id')
    .eq('user_id', userId)
    .maybeSingle();
  return { partnerId: (data?.partner_id as string | undefined) ?? null, error };
}
