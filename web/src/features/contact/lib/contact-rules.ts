import { isValidEmail } from '@/lib/email';

export const contactServices = [
  'Security Audit',
  'Penetration Testing',
  'SOC Monitoring',
  'Incident Response',
  'Compliance Consulting',
  'Security Training',
  'Other',
] as const;

export const contactLimits = {
  cooldownMs: 60_000,
  message: 5000,
  name: 100,
  company: 100,
  phone: 20,
} as const;

export const lastSubmissionStorageKey = 'lastContactSubmission';

export type ContactForm = {
  name: string;
  email: string;
  company: string;
  phone: string;
  service: string;
  message: string;
};

export type ContactProblem = { title: string; description: string };

export function validateContact(form: ContactForm): ContactProblem | null {
  if (!form.name.trim() || !form.email.trim() || !form.message.trim()) {
    return { title: 'Validation Error', description: 'Please fill in all required fields' };
  }
  if (!isValidEmail(form.email)) {
    return { title: 'Invalid Email', description: 'Please enter a valid email address' };
  }
  if (form.message.trim().length > contactLimits.message) {
    return { title: 'Message Too Long', description: 'Please keep your message under 5000 characters' };
  }
  return null;
}

export function cooldownSecondsLeft(lastSubmissionMs: number | null, nowMs: number): number {
  if (lastSubmissionMs === null) return 0;
  const remaining = contactLimits.cooldownMs - (nowMs - lastSubmissionMs);
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

export function cooldownProblem(secondsLeft: number): ContactProblem {
  return { title: 'Please Wait', description: `Please wait ${secondsLeft} seconds before sending another message` };
}

export function sanitizeContact(form: ContactForm): ContactForm {
  return {
    name: form.name.trim().slice(0, contactLimits.name),
    email: form.email.trim().toLowerCase(),
    company: form.company.trim().slice(0, contactLimits.company),
    phone: form.phone.trim().slice(0, contactLimits.phone),
    service: form.service.trim(),
    message: form.message.trim().slice(0, contactLimits.message),
  };
}
