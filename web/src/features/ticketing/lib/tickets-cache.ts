import type { Ticket } from '../types';

/**
 * The dashboard's locally saved ticket set (spec: "a cached set of dashboard tickets, removed on logout"). It gives
 * the ticket list its first paint on the next visit, before the server's answer replaces it, and belongs to the user
 * who saved it: another user reads nothing.
 */
export const ticketsCacheKey = 'dashboard-tickets';

type CachedTickets = { userId: string; tickets: Ticket[] };

function isCachedTickets(value: unknown): value is CachedTickets {
  const cached = value as Partial<CachedTickets> | null;
  return (
    typeof cached?.userId === 'string' &&
    Array.isArray(cached.tickets) &&
    cached.tickets.every((ticket) => typeof ticket?.id === 'string' && typeof ticket.title === 'string')
  );
}

export function readCachedTickets(userId: string, storage: Storage = localStorage): Ticket[] | undefined {
  try {
    const cached: unknown = JSON.parse(storage.getItem(ticketsCacheKey) ?? 'null');
    return isCachedTickets(cached) && cached.userId === userId ? cached.tickets : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedTickets(userId: string, tickets: Ticket[], storage: Storage = localStorage): void {
  try {
    storage.setItem(ticketsCacheKey, JSON.stringify({ userId, tickets } satisfies CachedTickets));
  } catch {
    // A full or refused storage only costs the next visit its instant first paint.
  }
}

export function clearCachedTickets(storage: Storage = localStorage): void {
  storage.removeItem(ticketsCacheKey);
}
