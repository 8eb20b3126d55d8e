import { ProtectedRoute } from '@/lib/auth';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';

export function PartnerProfileRoute() {
  return (
    <ProtectedRoute platform="partner">
      <PlaceholderPage title="Partner Profile" description="Your company profile is being prepared." />
    </ProtectedRoute>
  );
}
