import { addTag, validateCompany, validateTicketForm, validateUser } from './validation';

describe('dialog validation', () => {
  it('requires a ticket title, then a company', () => {
    expect(validateTicketForm({ title: '  ', companyId: 'c1' })).toBe('Title is required');
    expect(validateTicketForm({ title: 'VPN down', companyId: '' })).toBe('Please select a company');
    expect(validateTicketForm({ title: 'VPN down', companyId: 'c1' })).toBeNull();
  });

  it('requires a company name', () => {
    expect(validateCompany({ name: ' ' })).toBe('Company name is required');
    expect(validateCompany({ name: 'Acme' })).toBeNull();
  });

  it('requires a user name and email', () => {
    expect(validateUser({ name: 'A', email: '' })).toBe('Name and email are required');
    expect(validateUser({ name: '', email: 'a@b.example' })).toBe('Name and email are required');
    expect(validateUser({ name: 'A', email: 'a@b.example' })).toBeNull();
  });

  it('trims tags and ignores blanks and duplicates', () => {
    expect(addTag([], '  vpn ')).toEqual(['vpn']);
    expect(addTag(['vpn'], 'vpn')).toEqual(['vpn']);
    expect(addTag(['vpn'], '   ')).toEqual(['vpn']);
  });
});
