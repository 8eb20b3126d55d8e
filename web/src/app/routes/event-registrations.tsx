import { ProtectedRoute } from '@/lib/auth';
import { EventRegistrationsPage } from '@/features/events/components/event-registrations-page';

export function EventRegistrationsRoute() {
  return (
    <ProtectedRoute platform="partner" minimumRole="super-admin">
      <EventRegistrationsPage />
    </ProtectedRoute>
  );
}
