import { useCallback, useMemo } from 'react';
import { getTickets } from '../api/get-tickets';
import { toTicket } from '../lib/ticket-mapper';
import { useLiveList } from './use-live-list';

export function useTickets(companyId: string) {
  const load = useCallback(async () => (await getTickets(companyId || undefined)).map(toTicket), [companyId]);
  const { items, loading, refetch } = useLiveList('tickets', load, 'Failed to load tickets');
  return useMemo(() => ({ tickets: items, loading, refetch }), [items, loading, refetch]);
}
