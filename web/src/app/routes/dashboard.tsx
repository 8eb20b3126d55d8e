import { ProtectedRoute } from '@/lib/auth';
import { DashboardShell } from '@/features/ticketing/components/dashboard-shell';

export function DashboardRoute() {
  return (
    <ProtectedRoute platform="ticketing">
      <DashboardShell />
    </ProtectedRoute>
  );
}
