import { beforeEach, describe, expect, it } from 'vitest';
import { clearCachedTickets, readCachedTickets, ticketsCacheKey, writeCachedTickets } from './tickets-cache';
import { ticket } from './test-tickets';

const testTickets = [ticket({ id: 't-1', title: 'VPN down' }), ticket({ id: 't-2', title: 'EDR alert', tags: ['edr'] })];

describe('the dashboard-tickets cache', () => {
  beforeEach(() => localStorage.clear());

  it('gives its tickets back to the user who saved them', () => {
    writeCachedTickets('user-a', testTickets);
    expect(readCachedTickets('user-a')).toEqual(testTickets);
  });

  it('gives nothing to another user', () => {
    writeCachedTickets('user-a', testTickets);
    expect(readCachedTickets('user-b')).toBeUndefined();
  });

  it('is gone once cleared', () => {
    writeCachedTickets('user-a', testTickets);
    clearCachedTickets();
    expect(localStorage.getItem(ticketsCacheKey)).toBeNull();
    expect(readCachedTickets('user-a')).toBeUndefined();
  });

  it('ignores what is not a saved ticket set', () => {
    for (const stored of ['not json', '[]', '{"userId":"user-a","tickets":[{"id":1}]}', '{"tickets":[]}']) {
      localStorage.setItem(ticketsCacheKey, stored);
      expect(readCachedTickets('user-a')).toBeUndefined();
    }
  });
});
