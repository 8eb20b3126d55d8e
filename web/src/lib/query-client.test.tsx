import type { ReactNode } from 'react';
import { onlineManager, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createQueryClient } from './query-client';
import { useOnQueryError } from './use-on-query-error';

function wrapperFor(client = createQueryClient()) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the query client', () => {
  it('reports a failed load at once, without retrying it', async () => {
    const load = vi.fn().mockRejectedValue(new Error('permission denied'));
    const { result } = renderHook(() => useQuery({ queryKey: ['partners'], queryFn: load }), { wrapper: wrapperFor() });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.error).toEqual(new Error('permission denied'));
  });

  it('loads even when the browser reports being offline', async () => {
    onlineManager.setOnline(false);
    try {
      const load = vi.fn().mockResolvedValue(['row']);
      const { result } = renderHook(() => useQuery({ queryKey: ['offline'], queryFn: load }), { wrapper: wrapperFor() });
      await waitFor(() => expect(result.current.data).toEqual(['row']));
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('loads afresh for a page opened again', async () => {
    const load = vi.fn().mockResolvedValue(['row']);
    const wrapper = wrapperFor();
    const first = renderHook(() => useQuery({ queryKey: ['rows'], queryFn: load }), { wrapper });
    await waitFor(() => expect(first.result.current.data).toEqual(['row']));
    first.unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));

    const second = renderHook(() => useQuery({ queryKey: ['rows'], queryFn: load }), { wrapper });
    expect(second.result.current.isPending).toBe(true);
    await waitFor(() => expect(second.result.current.data).toEqual(['row']));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useOnQueryError', () => {
  it('reports each failure once, and nothing for a success', async () => {
    const report = vi.fn();
    const load = vi.fn().mockRejectedValueOnce(new Error('first')).mockResolvedValueOnce('ok').mockRejectedValueOnce(new Error('second'));
    const { result } = renderHook(
      () => {
        const query = useQuery({ queryKey: ['flaky'], queryFn: load });
        useOnQueryError(query.error, query.errorUpdatedAt, report);
        return query;
      },
      { wrapper: wrapperFor() },
    );
    await waitFor(() => expect(report).toHaveBeenCalledTimes(1));
    expect(report).toHaveBeenLastCalledWith(new Error('first'));

    await result.current.refetch();
    await waitFor(() => expect(result.current.data).toBe('ok'));
    expect(report).toHaveBeenCalledTimes(1);

    await result.current.refetch();
    await waitFor(() => expect(report).toHaveBeenCalledTimes(2));
    expect(report).toHaveBeenLastCalledWith(new Error('second'));
  });
});
