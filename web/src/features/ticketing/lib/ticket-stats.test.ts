import { ticket } from './test-tickets';
import { dashboardOverview, reportCounts, ticketStats, weeklySummary } from './ticket-stats';

const now = new Date('2025-03-10T12:00:00Z');
const tickets = [
  ticket({ status: 'open', priority: 'high', createdAt: '2025-03-09T12:00:00Z' }),
  ticket({ status: 'in-progress', priority: 'urgent', createdAt: '2025-03-04T12:00:00Z' }),
  ticket({ status: 'resolved', priority: 'critical', slaBreached: true, createdAt: '2025-03-01T12:00:00Z' }),
  ticket({ status: 'closed', priority: 'low', createdAt: '2025-02-01T12:00:00Z' }),
  ticket({ status: 'waiting-response', priority: 'medium', createdAt: '2025-01-01T12:00:00Z' }),
  ticket({ status: 'cancelled', priority: 'medium', createdAt: '2025-01-01T12:00:00Z' }),
];

describe('ticket statistics', () => {
  it('computes the tickets page stats', () => {
    expect(ticketStats(tickets, now)).toEqual({
      total: 6,
      open: 1,
      inProgress: 1,
      resolved: 1,
      closed: 1,
      urgentCritical: 3,
      slaBreached: 1,
      recent: 2,
      resolutionRate: 33,
    });
  });

  it('uses resolved / total on the dashboard tab', () => {
    expect(dashboardOverview(tickets)).toMatchObject({ total: 6, resolved: 1, resolutionRate: 17, critical: 2 });
  });

  it('has zero rates for no tickets', () => {
    expect(ticketStats([], now).resolutionRate).toBe(0);
    expect(dashboardOverview([]).resolutionRate).toBe(0);
  });

  it('counts the report tiles and the weekly summary', () => {
    expect(reportCounts(tickets)).toEqual({
      total: 6, open: 1, inProgress: 1, waitingResponse: 1, resolved: 1, closed: 1, critical: 2, slaBreached: 1,
    });
    expect(weeklySummary(tickets, now)).toEqual({ created: 2, resolved: 0, open: 2 });
  });
});
