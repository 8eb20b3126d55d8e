import { partnerClient } from '@/lib/supabase';
import type { EventRegistrationInsert } from '../lib/event-rules';

export async function registerForEvent(insert: EventRegistrationInsert): Promise<void> {
  const { error } = await partnerClient.from('event_registrations').insert(insert);
  if (error) throw error;
}
