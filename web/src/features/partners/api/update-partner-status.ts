import { partnerClient } from '@/lib/supabase';
import type { StatusUpdate } from '../lib/partner-status';

export async function updatePartnerStatus(id: string, update: StatusUpdate): Promise<void> {
  const { error } = await partnerClient.from('partners').update(update).eq('id', id);
  if (error) throw error;
}
