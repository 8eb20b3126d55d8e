import type { CompanyInput, TicketForm } from '../types';

export function validateTicketForm(form: Pick<TicketForm, 'title' | 'companyId'>): string | null {
  if (!form.title.trim()) return 'Title is required';
  if (!form.companyId) return 'Please select a company';
  return null;
}

export function validateCompany(form: Pick<CompanyInput, 'name'>): string | null {
  return form.name.trim() ? null : 'Company name is required';
}

export function validateUser(form: { name: string; email: string }): string | null {
  return form.name.trim() && form.email.trim() ? null : 'Name and email are required';
}

/** Tags are trimmed; blanks and duplicates are ignored. */
export function addTag(tags: string[], value: string): string[] {
  const tag = value.trim();
  return !tag || tags.includes(tag) ? tags : [...tags, tag];
}
