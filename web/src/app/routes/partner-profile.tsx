import { ProtectedRoute } from '@/lib/auth';
import { PartnerProfilePage } from '@/features/partners/components/partner-profile-page';

export function PartnerProfileRoute() {
  return (
    <ProtectedRoute platform="partner">
      <PartnerProfilePage />
    </ProtectedRoute>
  );
}
