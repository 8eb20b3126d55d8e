import { useMemo } from 'react';
import { getTickets } from '../api/get-tickets';
import { readCachedTickets, writeCachedTickets } from '../lib/tickets-cache';
import { toTicket } from '../lib/ticket-mapper';
import type { Ticket } from '../types';
import { useLiveList } from './use-live-list';

/** The tickets of one company, or of all (`companyId` empty); the whole list is saved locally for `userId`. */
export function useTickets(companyId: string, userId: string) {
  const wholeList = companyId === '';
  const placeholder = useMemo(
    () =>
      wholeList
        ? {
            items: readCachedTickets(userId),
            save: (tickets: Ticket[]) => writeCachedTickets(userId, tickets),
          }
        : undefined,
    [wholeList, userId],
  );
  const { items, loading, refetch } = useLiveList(
    'tickets',
    [userId, companyId],
    async () => (await getTickets(companyId || undefined)).map(toTicket),
    'Failed to load tickets',
    placeholder,
  );
  return useMemo(() => ({ tickets: items, loading, refetch }), [items, loading, refetch]);
}
