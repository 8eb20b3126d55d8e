import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { subscribeToTable } from '../api/subscribe-to-table';

type LiveList<T> = { items: T[]; loading: boolean; refetch: () => Promise<void> };

/** Loads a list, shows the load-failure toast, and re-fetches on any realtime change to its table. */
export function useLiveList<T>(
  table: 'tickets' | 'companies' | 'company_users',
  load: () => Promise<T[]>,
  failureMessage: string,
): LiveList<T> {
  const { toast } = useToast();
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  const refetch = useCallback(async () => {
    const request = ++latest.current;
    try {
      const next = await load();
      if (request === latest.current) setItems(next);
    } catch (error) {
      console.warn(failureMessage, error);
      if (request === latest.current) toast({ title: failureMessage, variant: 'destructive' });
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [load, failureMessage, toast]);

  useEffect(() => {
    setLoading(true);
    void refetch();
    return subscribeToTable(table, () => void refetch());
  }, [table, refetch]);

  return { items, loading, refetch };
}
