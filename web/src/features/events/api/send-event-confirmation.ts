import { partnerClient } from '@/lib/supabase';

export type EventConfirmation = { firstName: string; lastName: string; email: string; companyName: string };

/**
 * Whether the mail went out. The registration stands either way, so a failure is only logged, and the page then
 * does not claim the mail was sent.
 */
export async function sendEventConfirmation(body: EventConfirmation): Promise<boolean> {
  try {
    const { error } = await partnerClient.functions.invoke('send-event-confirmation', { body });
    if (error) console.warn('Event confirmation email failed:', error.message);
    return !error;
  } catch (error) {
    console.warn('Event confirmation email failed:', error);
    return false;
  }
}
