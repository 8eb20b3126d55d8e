import { ProtectedRoute } from '@/lib/auth';
import { PartnerPortalPage } from '@/features/partners/components/partner-portal-page';

export function PartnerPortalRoute() {
  return (
    <ProtectedRoute platform="partner">
      <PartnerPortalPage />
    </ProtectedRoute>
  );
}
