import type { Ticket } from '../types';

const recentWindowMs = 7 * 86_400_000;

export type TicketStats = {
  total: number;
  open: number;
  inProgress: number;
  resolved: number;
  closed: number;
  urgentCritical: number;
  slaBreached: number;
  recent: number;
  resolutionRate: number;
};

function count(tickets: Ticket[], predicate: (ticket: Ticket) => boolean): number {
  return tickets.reduce((total, ticket) => total + (predicate(ticket) ? 1 : 0), 0);
}

/** The tickets page: resolution rate = (resolved + closed) / total, rounded; recent = last 7 days; urgent/critical includes high. */
export function ticketStats(tickets: Ticket[], now: Date = new Date()): TicketStats {
  const total = tickets.length;
  const resolved = count(tickets, (ticket) => ticket.status === 'resolved');
  const closed = count(tickets, (ticket) => ticket.status === 'closed');
  return {
    total,
    open: count(tickets, (ticket) => ticket.status === 'open'),
    inProgress: count(tickets, (ticket) => ticket.status === 'in-progress'),
    resolved,
    closed,
    urgentCritical: count(tickets, (ticket) => ['urgent', 'critical', 'high'].includes(ticket.priority)),
    slaBreached: count(tickets, (ticket) => ticket.slaBreached),
    recent: count(tickets, (ticket) => now.getTime() - new Date(ticket.createdAt).getTime() <= recentWindowMs),
    resolutionRate: total ? Math.round(((resolved + closed) / total) * 100) : 0,
  };
}

export type Overview = {
  total: number;
  open: number;
  inProgress: number;
  resolved: number;
  critical: number;
  resolutionRate: number;
};

/** The Dashboard tab: resolution rate = resolved / total. */
export function dashboardOverview(tickets: Ticket[]): Overview {
  const total = tickets.length;
  const resolved = count(tickets, (ticket) => ticket.status === 'resolved');
  return {
    total,
    open: count(tickets, (ticket) => ticket.status === 'open'),
    inProgress: count(tickets, (ticket) => ticket.status === 'in-progress'),
    resolved,
    critical: count(tickets, (ticket) => ticket.priority === 'critical' || ticket.priority === 'urgent'),
    resolutionRate: total ? Math.round((resolved / total) * 100) : 0,
  };
}

export type ReportCounts = {
  total: number;
  open: number;
  inProgress: number;
  waitingResponse: number;
  resolved: number;
  closed: number;
  critical: number;
  slaBreached: number;
};

export function reportCounts(tickets: Ticket[]): ReportCounts {
  return {
    total: tickets.length,
    open: count(tickets, (ticket) => ticket.status === 'open'),
    inProgress: count(tickets, (ticket) => ticket.status === 'in-progress'),
    waitingResponse: count(tickets, (ticket) => ticket.status === 'waiting-response'),
    resolved: count(tickets, (ticket) => ticket.status === 'resolved'),
    closed: count(tickets, (ticket) => ticket.status === 'closed'),
    critical: count(tickets, (ticket) => ticket.priority === 'critical' || ticket.priority === 'urgent'),
    slaBreached: count(tickets, (ticket) => ticket.slaBreached),
  };
}

export type WeeklySummary = { created: number; resolved: number; open: number };

/** Tickets created in the last 7 days, and how many of those are resolved or closed, or still open. */
export function weeklySummary(tickets: Ticket[], now: Date = new Date()): WeeklySummary {
  const week = tickets.filter((ticket) => now.getTime() - new Date(ticket.createdAt).getTime() <= recentWindowMs);
  return {
    created: week.length,
    resolved: count(week, (ticket) => ticket.status === 'resolved' || ticket.status === 'closed'),
    open: count(week, (ticket) => ticket.status === 'open' || ticket.status === 'in-progress'),
  };
}
