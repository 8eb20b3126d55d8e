import { FunctionsHttpError } from '@supabase/supabase-js';
import { partnerClient } from '@/lib/supabase';
import type { ContactForm } from '../lib/contact-rules';

export type SendOutcome = 'sent' | 'rate-limited' | 'failed';

export async function sendContactEmail(body: ContactForm): Promise<SendOutcome> {
  const { error } = await partnerClient.functions.invoke('send-contact-email', { body });
  if (!error) return 'sent';
  if (error instanceof FunctionsHttpError && (error.context as Response | undefined)?.status === 429) {
    return 'rate-limited';
  }
  return 'failed';
}
