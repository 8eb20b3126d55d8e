import { useMemo } from 'react';
import { getCompanyUsers } from '../api/get-company-users';
import { useLiveList } from './use-live-list';

export function useCompanyUsers() {
  const { items, loading, refetch } = useLiveList('company_users', [], getCompanyUsers, 'Failed to load users');
  return useMemo(() => ({ companyUsers: items, loading, refetch }), [items, loading, refetch]);
}
