import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useOnQueryError } from '@/lib/use-on-query-error';
import { useToast } from '@/components/ui/toast';
import { subscribeToTable } from '../api/subscribe-to-table';

type Table = 'tickets' | 'companies' | 'company_users';
type LiveList<T> = { items: T[]; loading: boolean; refetch: () => Promise<void> };

const noItems: never[] = [];

/** A list saved earlier, shown until the first load answers (which then replaces it at once). */
type Placeholder<T> = { items: T[] | undefined; save: (items: T[]) => void };

/**
 * Loads a list (one query per table and `key`), shows the load-failure toast, and re-fetches on any realtime change
 * to its table.
 */
export function useLiveList<T>(
  table: Table,
  key: readonly unknown[],
  load: () => Promise<T[]>,
  failureMessage: string,
  placeholder?: Placeholder<T>,
): LiveList<T> {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [table, ...key],
    queryFn: async () => {
      const items = await load();
      placeholder?.save(items);
      return items;
    },
    // Saved data counts as stale from the start (updated at 0), so the server is asked at once.
    initialData: placeholder?.items,
    initialDataUpdatedAt: 0,
  });

  useOnQueryError(query.error, query.errorUpdatedAt, (error) => {
    console.warn(failureMessage, error);
    toast({ title: failureMessage, variant: 'destructive' });
  });

  useEffect(
    () => subscribeToTable(table, () => void queryClient.invalidateQueries({ queryKey: [table] })),
    [table, queryClient],
  );

  const { refetch: refetchQuery } = query;
  const refetch = useCallback(async () => {
    await refetchQuery();
  }, [refetchQuery]);

  return { items: query.data ?? noItems, loading: query.isPending, refetch };
}
