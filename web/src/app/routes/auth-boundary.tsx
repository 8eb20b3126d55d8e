import { Outlet } from 'react-router-dom';
import { AuthProvider } from '@/lib/auth';

export function AuthBoundary() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
