import type { Ticket } from '../types';
import { sampleComments, sampleHistory } from './sample-activity';

function ticketCreated(createdAt: string): Ticket {
  return {
    id: 't1', title: 'VPN drops', description: '', status: 'in-progress', priority: 'medium', severity: null,
    category: 'general', assignee: null, assigneeId: null, assigneeEmail: null, creator: null, companyId: 'c1',
    companyName: 'Pearl Bay Bank', customerEmail: null, dueDate: null, estimatedHours: null, actualHours: null,
    internalNotes: null, slaBreached: false, customerVisible: true, tags: [], resolution: null, createdAt,
    updatedAt: createdAt,
  };
}

describe('sample activity', () => {
  it.each([
    ['a ticket created minutes ago', '2026-11-23T11:50:00.000Z'],
    ['a ticket created weeks ago', '2026-10-01T08:00:00.000Z'],
    ['a ticket stamped ahead of this clock', '2026-11-23T12:30:00.000Z'],
  ])('lies between the ticket and now for %s', (_, createdAt) => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    const ticket = ticketCreated(createdAt);
    const times = [
      ...sampleComments(ticket, now).map((comment) => comment.createdAt),
      ...sampleHistory(ticket, now).map((entry) => entry.timestamp),
    ].map((iso) => new Date(iso).getTime());
    const created = new Date(createdAt).getTime();
    for (const time of times) {
      expect(time).toBeGreaterThanOrEqual(created);
      expect(time).toBeLessThanOrEqual(Math.max(now.getTime(), created));
    }
  });

  it('keeps the comments in order', () => {
    const comments = sampleComments(ticketCreated('2026-11-20T12:00:00.000Z'), new Date('2026-11-23T12:00:00.000Z'));
    const times = comments.map((comment) => comment.createdAt);
    expect([...times].sort()).toEqual(times);
  });
});
