import { partnerClient } from '@/lib/supabase';

export async function deletePartner(id: string): Promise<void> {
  const { error } = await partnerClient.from('partners').delete().eq('id', id);
  if (error) throw error;
}
