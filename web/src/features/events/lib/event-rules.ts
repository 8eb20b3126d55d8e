import { errorMessage } from '@/lib/error-message';
import { isValidEmail } from '@/lib/email';

export const eventDetails = {
  name: 'CrowdSec Vendor Introduction',
  date: '2025-11-17',
  location: 'Address Downtown Hotel, Downtown Dubai',
} as const;

export const eventSchedule = [
  { time: '2:00 PM', item: 'Registration and coffee' },
  { time: '2:30 PM', item: 'Introduction' },
  { time: '3:30 PM', item: 'Live demo' },
  { time: '4:30 PM', item: 'Networking' },
] as const;

export type EventValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
};

export const emptyEventValues: EventValues = { firstName: '', lastName: '', email: '', phone: '', companyName: '' };

export const eventMaxLengths: Record<keyof EventValues, number> = {
  firstName: 100,
  lastName: 100,
  email: 255,
  phone: 20,
  companyName: 255,
};

export type EventErrors = Partial<Record<keyof EventValues, string>>;

export function validateEvent(values: EventValues): EventErrors {
  const errors: EventErrors = {};
  if (values.firstName.trim().length < 2) errors.firstName = 'First name must be at least 2 characters';
  if (values.lastName.trim().length < 2) errors.lastName = 'Last name must be at least 2 characters';
  if (!isValidEmail(values.email) || values.email.trim().length > eventMaxLengths.email) {
    errors.email = 'Please enter a valid email address';
  }
  const digits = values.phone.replace(/\D/g, '');
  if (digits.length < 10 || values.phone.trim().length > eventMaxLengths.phone) {
    errors.phone = 'Please enter a valid phone number (at least 10 digits)';
  }
  if (values.companyName.trim().length < 2) errors.companyName = 'Company name must be at least 2 characters';
  return errors;
}

export type EventRegistrationInsert = {
  event_name: string;
  event_date: string;
  event_location: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string;
};

export function toEventInsert(values: EventValues): EventRegistrationInsert {
  return {
    event_name: eventDetails.name,
    event_date: eventDetails.date,
    event_location: eventDetails.location,
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    email: values.email.trim().toLowerCase(),
    phone: values.phone.trim(),
    company_name: values.companyName.trim(),
  };
}

export function eventErrorMessage(message: string | undefined): string {
  if (message?.toLowerCase().includes('duplicate')) return 'This email has already been registered for this event';
  return errorMessage({ message }, 'Failed to submit registration. Please try again.');
}

export const eventSuccessMessage = 'Registration successful! We look forward to seeing you at the event.';
export const invalidFormMessage = 'Please fix the errors in the form.';

export function rateLimitMessage(seconds: number): string {
  return `Please wait ${seconds} seconds before submitting again`;
}
