import { ProtectedRoute } from '@/lib/auth';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';

export function PartnerAdminRoute() {
  return (
    <ProtectedRoute platform="partner" minimumRole="super-admin">
      <PlaceholderPage
        title="Partner Administration"
        description="Manage partner registrations and applications"
      />
    </ProtectedRoute>
  );
}
