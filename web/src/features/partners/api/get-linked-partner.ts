import type { Partner } from '../types';
import { getPartnerLink } from './get-partner-link';
import { getPartnerWithAccessControl } from './get-partner-with-access-control';

/** The partner linked to a user: found (the record may still be hidden), no link, or a failed link look-up. */
export type LinkedPartner = { kind: 'linked'; partner: Partner | null } | { kind: 'unlinked' } | { kind: 'link-failed' };

export async function getLinkedPartner(userId: string): Promise<LinkedPartner> {
  const link = await getPartnerLink(userId);
  if (link.error) return { kind: 'link-failed' };
  if (!link.partnerId) return { kind: 'unlinked' };
  return { kind: 'linked', partner: await getPartnerWithAccessControl(link.partnerId) };
}
