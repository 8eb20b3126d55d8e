import {
  buildRegistrationsCsv,
  countToday,
  csvFileName,
  filterRegistrations,
  type EventRegistration,
} from './registrations';

function registration(overrides: Partial<EventRegistration>): EventRegistration {
  return {
    id: 'r',
    event_name: 'CrowdSec Vendor Introduction',
    event_date: '2025-11-17',
    event_location: 'Dubai',
    first_name: 'Omar',
    last_name: 'Saleh',
    email: 'omar@example.com',
    phone: '+971501234567',
    company_name: 'Dune Cyber',
    status: 'registered',
    created_at: new Date(2025, 10, 1, 9, 5).toISOString(),
    ...overrides,
  };
}

describe('event registrations', () => {
  const list = [
    registration({ id: '1' }),
    registration({ id: '2', first_name: 'Layla', last_name: 'Haddad', email: 'layla@falcon.example', company_name: 'Falcon, "Net"' }),
  ];

  it('searches first name, last name, email and company case-insensitively', () => {
    expect(filterRegistrations(list, 'HADDAD').map((r) => r.id)).toEqual(['2']);
    expect(filterRegistrations(list, 'dune').map((r) => r.id)).toEqual(['1']);
    expect(filterRegistrations(list, 'falcon.example').map((r) => r.id)).toEqual(['2']);
    expect(filterRegistrations(list, '')).toHaveLength(2);
  });

  it('counts registrations made today', () => {
    expect(countToday(list, new Date(2025, 10, 1, 23, 0))).toBe(2);
    expect(countToday(list, new Date(2025, 10, 2))).toBe(0);
  });

  it('builds the CSV with the spec columns and escaped cells', () => {
    const csv = buildRegistrationsCsv(list);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('First Name,Last Name,Email,Phone,Company,Registered Date');
    expect(lines[1]).toBe('Omar,Saleh,omar@example.com,+971501234567,Dune Cyber,2025-11-01 09:05');
    expect(lines[2]).toContain('"Falcon, ""Net"""');
  });

  it('neutralises cells that would start a spreadsheet formula', () => {
    const csv = buildRegistrationsCsv([registration({ company_name: '=HYPERLINK("x")' })]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('puts the date in the file name', () => {
    expect(csvFileName(new Date(2025, 10, 17))).toBe('event-registrations-2025-11-17.csv');
  });
});
