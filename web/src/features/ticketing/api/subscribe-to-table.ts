import { ticketingClient } from '@/lib/supabase';

/** Calls onChange on any insert, update or delete in a public table; returns the unsubscribe. */
export function subscribeToTable(table: 'tickets' | 'companies' | 'company_users', onChange: () => void): () => void {
  const channel = ticketingClient
    .channel(`${table}-changes-${crypto.randomUUID()}`)
    .on('postgres_changes', { event: '*', schema: 'public', table }, onChange)
    .subscribe();
  return () => {
    void ticketingClient.removeChannel(channel);
  };
}
