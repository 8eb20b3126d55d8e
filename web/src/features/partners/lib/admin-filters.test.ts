import type { Partner } from '../types';
import { countPartners, filterPartners, formatCompanyType, toggleAll, toggleSelection } from './admin-filters';

function partner(overrides: Partial<Partner>): Partner {
  return {
    id: 'p',
    company_name: 'Company',
    company_type: 'vendor',
    company_size: null,
    company_website: null,
    company_description: null,
    primary_contact_name: 'Contact',
    primary_contact_email: 'contact@example.com',
    primary_contact_phone: null,
    address_line1: null,
    address_line2: null,
    city: null,
    state_province: null,
    postal_code: null,
    country: 'United States',
    partnership_type: ['Distribution Partner'],
    selected_vendors: [],
    products_services: null,
    target_markets: null,
    annual_revenue_range: null,
    certifications: [],
    specializations: null,
    status: 'pending',
    approved_at: null,
    rejection_reason: null,
    notes: null,
    created_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

const partners = [
  partner({ id: '1', company_name: 'Oasis Secure IT', status: 'approved' }),
  partner({ id: '2', company_name: 'Dune Cyber', primary_contact_name: 'Layla Haddad', status: 'pending' }),
  partner({ id: '3', company_name: 'Falcon Net', primary_contact_email: 'OPS@falcon.example', status: 'rejected' }),
];

describe('partner administration filters', () => {
  it('searches company, contact name and contact email case-insensitively', () => {
    expect(filterPartners(partners, 'oasis', 'all').map((p) => p.id)).toEqual(['1']);
    expect(filterPartners(partners, 'LAYLA', 'all').map((p) => p.id)).toEqual(['2']);
    expect(filterPartners(partners, 'ops@falcon', 'all').map((p) => p.id)).toEqual(['3']);
  });

  it('combines the search with the status filter', () => {
    expect(filterPartners(partners, '', 'pending').map((p) => p.id)).toEqual(['2']);
    expect(filterPartners(partners, 'oasis', 'pending')).toEqual([]);
  });

  it('files an unknown status under Pending, as its badge and counter do', () => {
    const odd = [...partners, partner({ id: '4', status: 'on-hold' })];
    expect(filterPartners(odd, '', 'pending').map((p) => p.id)).toEqual(['2', '4']);
    expect(countPartners(odd).pending).toBe(2);
  });

  it('counts every status', () => {
    expect(countPartners(partners)).toEqual({ total: 3, pending: 1, approved: 1, rejected: 1, suspended: 0 });
  });

  it('shows company types upper case with spaces', () => {
    expect(formatCompanyType('systems_integrator')).toBe('SYSTEMS INTEGRATOR');
  });

  it('selects all filtered rows, then clears them', () => {
    const all = toggleAll(new Set(['9']), ['1', '2']);
    expect([...all]).toEqual(['1', '2']);
    expect(toggleAll(all, ['1', '2']).size).toBe(0);
    expect([...toggleSelection(all, '1')]).toEqual(['2']);
  });
});
