import { partnerClient } from '@/lib/supabase';

export type EventConfirmation = { firstName: string; lastName: string; email: string; companyName: string };

// The registration stands whether or not the mail goes out, so a failure is only logged.
export async function sendEventConfirmation(body: EventConfirmation): Promise<void> {
  try {
    const { error } = await partnerClient.functions.invoke('send-event-confirmation', { body });
    if (error) console.warn('Event confirmation email failed:', error.message);
  } catch (error) {
    console.warn('Event confirmation email failed:', error);
  }
}
