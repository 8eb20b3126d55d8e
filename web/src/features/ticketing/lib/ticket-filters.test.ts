import { ticket } from './test-tickets';
import {
  applyTicketFilters,
  countActiveFilters,
  earliestPickableDate,
  filterOptions,
  setDateBound,
  setFlag,
  setSearchTerm,
  toggleFilterValue,
} from './ticket-filters';

const tickets = [
  ticket({ id: 'a', title: 'VPN drops', status: 'open', priority: 'high', severity: 'major', category: 'technical', assignee: 'Hassan', companyName: 'Desert Falcon Logistics', tags: ['vpn', 'network'], createdAt: '2025-03-01T10:00:00' }),
  ticket({ id: 'b', title: 'Invoice wrong', status: 'resolved', priority: 'low', category: 'billing', companyName: 'Pearl Bay Bank', slaBreached: true, customerVisible: false, createdAt: '2025-03-05T10:00:00' }),
  ticket({ id: 'c', title: 'Phishing', description: 'finance team targeted', status: 'closed', priority: 'critical', severity: 'critical', category: 'security', assignee: 'Mariam', companyName: 'Pearl Bay Bank', tags: ['phishing'], createdAt: '2025-03-09T23:00:00' }),
];

const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('ticket filters', () => {
  it('passes everything without filters', () => {
    expect(ids(applyTicketFilters(tickets, {}))).toEqual(['a', 'b', 'c']);
  });

  it('searches title, description, company, assignee and tags', () => {
    expect(ids(applyTicketFilters(tickets, { searchTerm: 'FINANCE' }))).toEqual(['c']);
    expect(ids(applyTicketFilters(tickets, { searchTerm: 'network' }))).toEqual(['a']);
    expect(ids(applyTicketFilters(tickets, { searchTerm: 'pearl' }))).toEqual(['b', 'c']);
  });

  it('matches any selected value within a group and every group', () => {
    expect(ids(applyTicketFilters(tickets, { status: ['resolved', 'closed'] }))).toEqual(['b', 'c']);
    expect(ids(applyTicketFilters(tickets, { status: ['resolved', 'closed'], priority: ['critical'] }))).toEqual(['c']);
    expect(ids(applyTicketFilters(tickets, { severity: ['major'] }))).toEqual(['a']);
    expect(ids(applyTicketFilters(tickets, { category: ['billing'] }))).toEqual(['b']);
    expect(ids(applyTicketFilters(tickets, { assignee: ['Unassigned'] }))).toEqual(['b']);
    expect(ids(applyTicketFilters(tickets, { company: ['Desert Falcon Logistics'] }))).toEqual(['a']);
    expect(ids(applyTicketFilters(tickets, { tags: ['phishing', 'vpn'] }))).toEqual(['a', 'c']);
  });

  it('limits to a date range, whole days inclusive', () => {
    expect(ids(applyTicketFilters(tickets, { dateRange: { from: '2025-03-05', to: '2025-03-09' } }))).toEqual(['b', 'c']);
    expect(ids(applyTicketFilters(tickets, { dateRange: { to: '2025-03-01' } }))).toEqual(['a']);
  });

  it('applies the two flags only when set', () => {
    expect(ids(applyTicketFilters(tickets, { slaBreached: true }))).toEqual(['b']);
    expect(ids(applyTicketFilters(tickets, { customerVisible: true }))).toEqual(['a', 'c']);
  });

  it('counts active filter groups for the badge', () => {
    expect(countActiveFilters({})).toBe(0);
    expect(countActiveFilters({ searchTerm: ' ', status: [] })).toBe(0);
    expect(
      countActiveFilters({ searchTerm: 'x', status: ['open', 'closed'], tags: ['a'], dateRange: { from: '2025-01-01' }, slaBreached: true }),
    ).toBe(5);
  });

  it('toggles list values and flags', () => {
    const one = toggleFilterValue({}, 'status', 'open');
    expect(one).toEqual({ status: ['open'] });
    expect(toggleFilterValue(one, 'status', 'open')).toEqual({});
    const flagged = setFlag({}, 'slaBreached', true);
    expect(flagged).toEqual({ slaBreached: true });
    expect(setFlag(flagged, 'slaBreached', false)).toEqual({});
  });

  it('offers the assignees, companies and tags present', () => {
    expect(filterOptions(tickets)).toEqual({
      assignees: ['Hassan', 'Mariam', 'Unassigned'],
      companies: ['Desert Falcon Logistics', 'Pearl Bay Bank'],
      tags: ['network', 'phishing', 'vpn'],
    });
  });

  it('sets and clears the search term and date bounds', () => {
    expect(setSearchTerm({}, 'vpn')).toEqual({ searchTerm: 'vpn' });
    expect(setSearchTerm({ searchTerm: 'vpn', slaBreached: true }, '')).toEqual({ slaBreached: true });
    const from = setDateBound({}, 'from', '2025-03-01');
    expect(from).toEqual({ dateRange: { from: '2025-03-01', to: undefined } });
    expect(setDateBound(from, 'from', '')).toEqual({});
  });

  it('lets the date pickers go back 100 years and no further', () => {
    expect(earliestPickableDate(new Date(2025, 2, 7))).toBe('1925-03-07');
  });
});
