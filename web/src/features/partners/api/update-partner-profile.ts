import { partnerClient } from '@/lib/supabase';
import type { Partner } from '../types';

export type PortalProfileFields = Pick<
  Partner,
  | 'company_name'
  | 'company_website'
  | 'company_description'
  | 'primary_contact_name'
  | 'primary_contact_email'
  | 'primary_contact_phone'
  | 'products_services'
  | 'target_markets'
>;

export type ProfilePageFields = Pick<
  Partner,
  | 'company_website'
  | 'primary_contact_name'
  | 'primary_contact_email'
  | 'primary_contact_phone'
  | 'address_line1'
  | 'address_line2'
  | 'city'
  | 'state_province'
  | 'postal_code'
>;

export async function updatePartnerProfile(id: string, fields: PortalProfileFields | ProfilePageFields): Promise<void> {
  const { error } = await partnerClient.from('partners').update(fields).eq('id', id);
  if (error) throw error;
}
