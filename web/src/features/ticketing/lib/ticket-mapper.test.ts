import { ticketRow } from './test-tickets';
import { creatorIdFor, emptyTicketForm, resolveCompanyId, toTicket, toTicketInsert, toTicketUpdate } from './ticket-mapper';

const companies = [
  { id: 'c1', name: 'Desert Falcon Logistics' },
  { id: 'c2', name: 'Pearl Bay Bank' },
];

describe('ticket mapping', () => {
  it('maps a joined row to the shell view', () => {
    const view = toTicket(ticketRow());
    expect(view).toMatchObject({
      companyId: 'c1',
      companyName: 'Desert Falcon Logistics',
      assignee: 'Hassan Al Amiri',
      assigneeId: 'cu1',
      creator: 'Sara Nasser',
      customerEmail: 'sara@df.example',
      estimatedHours: 4,
      actualHours: null,
      slaBreached: false,
      customerVisible: true,
      tags: ['vpn'],
      createdAt: '2025-03-01T10:00:00Z',
    });
  });

  it('treats a missing assignee and tags as unassigned and none', () => {
    const view = toTicket(ticketRow({ assigned_to: null, assignee: null, tags: null, company: null }));
    expect(view.assignee).toBeNull();
    expect(view.tags).toEqual([]);
    expect(view.companyName).toBe('');
  });

  it('starts a new ticket open, medium, general, unassigned, in the first company', () => {
    expect(emptyTicketForm([{ id: 'c9' }, { id: 'c1' }])).toEqual({
      title: '',
      description: '',
      status: 'open',
      priority: 'medium',
      severity: '',
      category: 'general',
      companyId: 'c9',
      assignee: '',
      tags: [],
      resolution: '',
    });
  });

  it('builds the insert payload of the spec', () => {
    const form = { ...emptyTicketForm(companies), title: ' VPN down ', description: 'x', tags: ['vpn'] };
    expect(toTicketInsert(form, 'cu7')).toEqual({
      title: 'VPN down',
      description: 'x',
      status: 'open',
      priority: 'medium',
      severity: null,
      category: 'general',
      company_id: 'c1',
      assigned_to: null,
      created_by: 'cu7',
      tags: ['vpn'],
      attachments: [],
      resolution: null,
    });
  });

  it('sets resolved_at when an update resolves or closes the ticket', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    const base = { ...emptyTicketForm(companies), title: 'T', assignee: 'cu1' };
    const resolved = toTicketUpdate({ ...base, status: 'resolved', resolution: 'Fixed' }, companies, now);
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'Fixed', resolved_at: now.toISOString(), assigned_to: 'cu1' });
    expect(toTicketUpdate({ ...base, status: 'closed' }, companies, now).resolved_at).toBe(now.toISOString());
    const open = toTicketUpdate({ ...base, status: 'in-progress', resolution: 'ignored' }, companies, now);
    expect(open).not.toHaveProperty('resolved_at');
    expect(open.resolution).toBeNull();
  });

  it('resolves the company by id or by name', () => {
    expect(resolveCompanyId('c2', companies)).toBe('c2');
    expect(resolveCompanyId('Pearl Bay Bank', companies)).toBe('c2');
  });

  it('finds the current user among the company users of that company', () => {
    const people = [
      { id: 'a', user_id: 'p1', company_id: 'c1' },
      { id: 'b', user_id: 'p1', company_id: 'c2' },
      { id: 'c', user_id: null, company_id: 'c2' },
    ];
    expect(creatorIdFor('p1', 'c2', people)).toBe('b');
    expect(creatorIdFor('p2', 'c2', people)).toBeNull();
    expect(creatorIdFor(null, 'c1', people)).toBeNull();
  });
});
