import type { Partner, PartnerStatus } from '../types';
import { normaliseStatus } from './partner-status';

export type StatusFilter = 'all' | PartnerStatus;

export const statusFilterOptions: Array<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All Statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'suspended', label: 'Suspended' },
];

export function filterPartners(partners: Partner[], search: string, status: StatusFilter): Partner[] {
  const needle = search.trim().toLowerCase();
  return partners.filter((partner) => {
    if (status !== 'all' && normaliseStatus(partner.status) !== status) return false;
    if (!needle) return true;
    return [partner.company_name, partner.primary_contact_name, partner.primary_contact_email].some((value) =>
      (value ?? '').toLowerCase().includes(needle),
    );
  });
}

export type PartnerCounts = Record<'total' | PartnerStatus, number>;

export function countPartners(partners: Partner[]): PartnerCounts {
  const counts: PartnerCounts = { total: partners.length, pending: 0, approved: 0, rejected: 0, suspended: 0 };
  for (const partner of partners) counts[normaliseStatus(partner.status)] += 1;
  return counts;
}

export function formatCompanyType(value: string | null): string {
  return (value ?? '').replace(/_/g, ' ').toUpperCase();
}

export function toggleSelection(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export function toggleAll(selected: ReadonlySet<string>, visibleIds: string[]): Set<string> {
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  return allSelected ? new Set() : new Set(visibleIds);
}
