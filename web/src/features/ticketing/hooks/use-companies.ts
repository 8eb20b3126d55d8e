import { useMemo } from 'react';
import { getCompanies } from '../api/get-companies';
import { useLiveList } from './use-live-list';

export function useCompanies() {
  const { items, loading, refetch } = useLiveList('companies', [], getCompanies, 'Failed to load companies');
  return useMemo(() => ({ companies: items, loading, refetch }), [items, loading, refetch]);
}
