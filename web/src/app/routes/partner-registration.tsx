import { PlaceholderPage } from '@/components/layouts/placeholder-page';

export function PartnerRegistrationRoute() {
  return (
    <PlaceholderPage
      title="Partner Registration"
      description="Join the GulfSec Distribution partner programme. The registration form opens here soon."
    />
  );
}
