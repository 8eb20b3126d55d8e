import { useEffect, useRef, useState } from 'react';

const POLL_MS = 2000;
export const KEPT = 1000;

type Batch<Line> = { lines: Line[]; cursor: string; enabled?: boolean };

/** The lines `fetchAfter` gives as they come (every worker's), newest first, asked for two seconds after each answer
 * unless paused: each time only those after the cursor of the last answer, which holds the last line seen of each
 * worker. */
export function useFollowedLines<Line>(fetchAfter: (cursor: string) => Promise<Batch<Line>>, paused: boolean) {
  const [lines, setLines] = useState<Line[]>([]);
  const [enabled, setEnabled] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const last = useRef('');
  const latest = useRef(fetchAfter);
  useEffect(() => {
    latest.current = fetchAfter;
  });

  useEffect(() => {
    if (paused) return;
    let current = true;
    let timer: number | undefined;
    // The next poll is asked for once this one is answered: two at once would both send the same cursor and list
    // the same lines twice.
    async function poll() {
      try {
        const answer = await latest.current(last.current);
        if (!current) return;
        setEnabled(answer.enabled ?? true);
        setError(null);
        last.current = answer.cursor;
        if (answer.lines.length) {
          setLines((kept) => [...answer.lines.reverse(), ...kept].slice(0, KEPT));
        }
      } catch (failure) {
        if (current) setError((failure as Error).message);
      }
      if (current) timer = window.setTimeout(poll, POLL_MS);
    }
    void poll();
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [paused]);
  return { lines, enabled, error };
}
