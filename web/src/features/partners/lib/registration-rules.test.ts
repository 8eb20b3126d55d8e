import { emptyRegistration, registrationErrorMessage, toPartnerInsert, validateRegistration } from './registration-rules';
import { partnershipDays, unwrapPartnerRecord } from './partner-record';

describe('partner registration rules', () => {
  it('reports each rule with its message', () => {
    expect(validateRegistration({ ...emptyRegistration, companyName: 'A', contactName: ' B ', contactEmail: 'x' })).toEqual({
      companyName: 'Company name must be at least 2 characters',
      contactName: 'Contact name must be at least 2 characters',
      contactEmail: 'Please enter a valid email address',
      selectedVendors: 'Please select at least one vendor',
    });
  });

  it('defaults the country to United States', () => {
    expect(emptyRegistration.country).toBe('United States');
  });

  it('builds the insert with the fixed type and partnership, and a null empty phone', () => {
    const insert = toPartnerInsert({
      ...emptyRegistration,
      companyName: ' Oasis ',
      contactName: 'Sara',
      contactEmail: 'sara@oasis.example',
      selectedVendors: ['CrowdSec'],
    });
    expect(insert).toMatchObject({
      company_name: 'Oasis',
      company_website: null,
      city: null,
      primary_contact_phone: null,
      company_type: 'vendor',
      partnership_type: ['Distribution Partner'],
      selected_vendors: ['CrowdSec'],
      country: 'United States',
    });
  });

  it('maps server errors to the catalogue messages', () => {
    expect(registrationErrorMessage('duplicate key value violates unique constraint "partners_primary_contact_email_key"'))
      .toBe('This email address is already registered. Please use a different email.');
    expect(registrationErrorMessage('duplicate key value violates unique constraint "partners_company_name_key"'))
      .toBe('A partner with this company name already exists.');
    expect(registrationErrorMessage('Partner registration rate limit reached')).toBe(
      'Too many registration attempts. Please try again later.',
    );
    expect(registrationErrorMessage(undefined)).toBe('Registration failed. Please try again.');
  });
});

describe('partner record', () => {
  it('accepts an object or a one-element array', () => {
    expect(unwrapPartnerRecord({ id: 'a' })).toEqual({ id: 'a' });
    expect(unwrapPartnerRecord([{ id: 'b' }])).toEqual({ id: 'b' });
    expect(unwrapPartnerRecord([])).toBeNull();
    expect(unwrapPartnerRecord(null)).toBeNull();
  });

  it('counts whole days since creation', () => {
    expect(partnershipDays('2025-01-01T00:00:00Z', new Date('2025-01-03T23:00:00Z'))).toBe(2);
  });
});
