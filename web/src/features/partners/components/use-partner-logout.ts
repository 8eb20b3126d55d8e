import { useNavigate } from 'react-router-dom';
import { loginPath } from '@/config/paths';
import { useAuth } from '@/lib/auth';

export function usePartnerLogout(): () => Promise<void> {
  const { signOut } = useAuth('partner');
  const navigate = useNavigate();
  return async () => {
    await signOut();
    navigate(loginPath('partner'));
  };
}
