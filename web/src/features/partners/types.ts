export const partnerStatuses = ['pending', 'approved', 'rejected', 'suspended'] as const;

export type PartnerStatus = (typeof partnerStatuses)[number];

export type Partner = {
  id: string;
  company_name: string;
  company_type: string | null;
  company_size: string | null;
  company_website: string | null;
  company_description: string | null;
  primary_contact_name: string;
  primary_contact_email: string;
  primary_contact_phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state_province: string | null;
  postal_code: string | null;
  country: string | null;
  partnership_type: string[] | null;
  selected_vendors: string[] | null;
  products_services: string | null;
  target_markets: string | null;
  annual_revenue_range: string | null;
  certifications: string[] | null;
  specializations: string[] | null;
  status: string;
  approved_at: string | null;
  rejection_reason: string | null;
  notes: string | null;
  created_at: string;
};
