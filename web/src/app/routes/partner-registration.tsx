import { PartnerRegistrationPage } from '@/features/partners/components/partner-registration-page';

export function PartnerRegistrationRoute() {
  return <PartnerRegistrationPage />;
}
