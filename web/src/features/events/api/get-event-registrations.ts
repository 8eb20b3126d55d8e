import type { PostgrestError } from '@supabase/supabase-js';
import { errorMessage } from '@/lib/error-message';
import { partnerClient } from '@/lib/supabase';
import type { EventRegistration } from '../lib/registrations';

export type EventRegistrationsResult =
  | { kind: 'ok'; rows: EventRegistration[] }
  | { kind: 'denied' }
  | { kind: 'error'; message: string };

export const registrationsLoadFailure = 'The registrations could not be loaded. Please try again.';

const refusalCodes = new Set(['42501', 'PGRST205', '42P01']);

export function isRefusal(error: Pick<PostgrestError, 'code'>): boolean {
  return refusalCodes.has(error.code);
}

export async function getEventRegistrations(): Promise<EventRegistrationsResult> {
  const { data, error } = await partnerClient
    .from('event_registrations')
    .select('*')
    .order('created_at', { ascending: false });
  if (error) return isRefusal(error) ? { kind: 'denied' } : { kind: 'error', message: errorMessage(error, registrationsLoadFailure) };
  return { kind: 'ok', rows: (data ?? []) as EventRegistration[] };
}
