import { ProtectedRoute } from '@/lib/auth';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';

export function PartnerPortalRoute() {
  return (
    <ProtectedRoute platform="partner">
      <PlaceholderPage title="Partner Portal" description="Your partner workspace is being prepared." />
    </ProtectedRoute>
  );
}
