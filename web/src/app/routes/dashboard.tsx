import { ProtectedRoute } from '@/lib/auth';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';

export function DashboardRoute() {
  return (
    <ProtectedRoute platform="ticketing">
      <PlaceholderPage title="Security Dashboard" description="The ticketing system is being prepared." />
    </ProtectedRoute>
  );
}
