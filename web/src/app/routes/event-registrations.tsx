import { ProtectedRoute } from '@/lib/auth';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';

export function EventRegistrationsRoute() {
  return (
    <ProtectedRoute platform="partner" minimumRole="super-admin">
      <PlaceholderPage title="Event Registrations" description="Registrations for the vendor introduction event." />
    </ProtectedRoute>
  );
}
