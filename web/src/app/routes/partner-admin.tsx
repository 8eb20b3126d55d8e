import { ProtectedRoute } from '@/lib/auth';
import { PartnerAdminPage } from '@/features/partners/components/partner-admin-page';

export function PartnerAdminRoute() {
  return (
    <ProtectedRoute platform="partner" minimumRole="super-admin">
      <PartnerAdminPage />
    </ProtectedRoute>
  );
}
