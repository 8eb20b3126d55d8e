import { useEffect, useEffectEvent } from 'react';

/** Calls `report` once for each failure a query reports (a query's failures are told apart by their time). */
export function useOnQueryError(error: unknown, errorUpdatedAt: number, report: (error: unknown) => void): void {
  const onError = useEffectEvent(report);
  useEffect(() => {
    if (error) onError(error);
  }, [error, errorUpdatedAt]);
}
