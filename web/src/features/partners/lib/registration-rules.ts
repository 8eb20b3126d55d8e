export const vendorChoices = ['CrowdSec', 'Cysec', 'ThreatDown'] as const;

export const serviceChoices = [
  'Penetration Testing',
  'Vulnerability Assessment',
  'Security Audit',
  'Compliance Assessment',
  'Incident Response',
  'Security Training',
  'Risk Assessment',
  'Security Architecture Review',
] as const;

export const defaultCountry = 'United States';

export const countryChoices = [
  'United States',
  'United Arab Emirates',
  'Saudi Arabia',
  'Qatar',
  'Kuwait',
  'Bahrain',
  'Oman',
  'Egypt',
  'Jordan',
  'India',
  'United Kingdom',
  'Germany',
  'France',
  'Other',
] as const;

export const registrationRedirectDelayMs = 2000;

export type RegistrationValues = {
  companyName: string;
  companyWebsite: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  city: string;
  country: string;
  selectedVendors: string[];
  specializations: string[];
};

export const emptyRegistration: RegistrationValues = {
  companyName: '',
  companyWebsite: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  city: '',
  country: defaultCountry,
  selectedVendors: [],
  specializations: [],
};

export type RegistrationErrors = Partial<Record<keyof RegistrationValues, string>>;

export function validateRegistration(values: RegistrationValues): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (values.companyName.trim().length < 2) errors.companyName = 'Company name must be at least 2 characters';
  if (values.contactName.trim().length < 2) errors.contactName = 'Contact name must be at least 2 characters';
  if (!values.contactEmail.includes('@')) errors.contactEmail = 'Please enter a valid email address';
  if (values.selectedVendors.length === 0) errors.selectedVendors = 'Please select at least one vendor';
  return errors;
}

export type PartnerInsert = {
  company_name: string;
  company_website: string | null;
  primary_contact_name: string;
  primary_contact_email: string;
  primary_contact_phone: string | null;
  city: string | null;
  country: string;
  selected_vendors: string[];
  company_type: 'vendor';
  partnership_type: string[];
  specializations: string[];
};

/** An optional field left empty is stored as null, not as ''. */
function optional(value: string): string | null {
  return value.trim() || null;
}

export function toPartnerInsert(values: RegistrationValues): PartnerInsert {
  return {
    company_name: values.companyName.trim(),
    company_website: optional(values.companyWebsite),
    primary_contact_name: values.contactName.trim(),
    primary_contact_email: values.contactEmail.trim(),
    primary_contact_phone: optional(values.contactPhone),
    city: optional(values.city),
    country: values.country,
    selected_vendors: values.selectedVendors,
    company_type: 'vendor',
    partnership_type: ['Distribution Partner'],
    specializations: values.specializations,
  };
}

export function registrationErrorMessage(message: string | undefined): string {
  const text = (message ?? '').toLowerCase();
  if (text.includes('email')) return 'This email address is already registered. Please use a different email.';
  if (text.includes('duplicate')) return 'A partner with this company name already exists.';
  if (text.includes('rate limit')) return 'Too many registration attempts. Please try again later.';
  return 'Registration failed. Please try again.';
}

export const registrationSuccessMessage =
  'Partner registration submitted successfully! We will review your application.';

export function toggleChoice(list: string[], choice: string): string[] {
  return list.includes(choice) ? list.filter((item) => item !== choice) : [...list, choice];
}
