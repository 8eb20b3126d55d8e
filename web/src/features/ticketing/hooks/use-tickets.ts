import { useMemo } from 'react';
import { getTickets } from '../api/get-tickets';
import { toTicket } from '../lib/ticket-mapper';
import { useLiveList } from './use-live-list';

export function useTickets(companyId: string) {
  const { items, loading, refetch } = useLiveList(
    'tickets',
    [companyId],
    async () => (await getTickets(companyId || undefined)).map(toTicket),
    'Failed to load tickets',
  );
  return useMemo(() => ({ tickets: items, loading, refetch }), [items, loading, refetch]);
}
