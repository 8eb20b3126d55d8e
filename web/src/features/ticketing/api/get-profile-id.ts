import { ticketingClient } from '@/lib/supabase';

/** The current auth user's profile id, or null when signed out or without a profile. */
export async function getProfileId(): Promise<string | null> {
  const { data: auth } = await ticketingClient.auth.getUser();
  if (!auth.user) return null;
  const { data, error } = await ticketingClient.from('profiles').select('id').eq('id', auth.user.id).maybeSingle();
  if (error) throw error;
  return (data?.id as string | undefined) ?? null;
}
