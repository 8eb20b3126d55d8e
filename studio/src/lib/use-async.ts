import { useEffect, useRef, useState } from 'react';

export type Loaded<T> = { data?: T; error?: string; loading: boolean; reload: () => void };

/** The result of `load`, loaded again whenever `key` changes or reload() is called; the last data stays shown
 * while the next loads. */
export function useAsync<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [round, setRound] = useState(0);
  const ask = `${key}#${round}`;
  const [state, setState] = useState<{ ask?: string; data?: T; error?: string }>({});
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    let current = true;
    latest.current().then(
      (data) => current && setState({ ask, data }),
      (error: Error) => current && setState((previous) => ({ ask, data: previous.data, error: error.message })),
    );
    return () => {
      current = false;
    };
  }, [ask]);
  return {
    data: state.data,
    error: state.ask === ask ? state.error : undefined,
    loading: state.ask !== ask,
    reload: () => setRound((n) => n + 1),
  };
}
