import { useEffect, useRef, useState } from 'react';
import { fetchRecentRequests, type RequestLine } from '@/lib/admin-api';
import { Empty, ErrorNote } from '@/components/ui';

const POLL_MS = 2000;
const KEPT = 1000;
const STATUS_CLASSES = ['all', '2xx', '3xx', '4xx', '5xx'] as const;

/** The gateway's request log as it grows: one line per API request, newest first, filtered here. */
export function LogsView() {
  const [lines, setLines] = useState<RequestLine[]>([]);
  const [enabled, setEnabled] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [paused, setPaused] = useState(false);
  const [text, setText] = useState('');
  const [statusClass, setStatusClass] = useState<(typeof STATUS_CLASSES)[number]>('all');
  const last = useRef(0);

  useEffect(() => {
    if (paused) return;
    let current = true;
    async function poll() {
      try {
        const answer = await fetchRecentRequests(last.current);
        if (!current) return;
        setEnabled(answer.enabled);
        setError(null);
        if (answer.lines.length) {
          last.current = answer.lines[answer.lines.length - 1].seq;
          setLines((kept) => [...answer.lines.reverse(), ...kept].slice(0, KEPT));
        }
      } catch (failure) {
        if (current) setError((failure as Error).message);
      }
    }
    void poll();
    const timer = window.setInterval(poll, POLL_MS);
    return () => {
      current = false;
      window.clearInterval(timer);
    };
  }, [paused]);

  const needle = text.trim().toLowerCase();
  const shown = lines.filter((line) =>
    (statusClass === 'all' || String(line.status).startsWith(statusClass[0]))
    && (!needle || `${line.method} ${line.path} ${line.request_id}`.toLowerCase().includes(needle)));
  return (
    <div className="page">
      <h1>Logs</h1>
      {!enabled && <ErrorNote>The request log is off (REQUEST_LOG=false, the default with DATABASE_URL): no lines are kept.</ErrorNote>}
      <div className="toolbar">
        <label>Search<input type="search" value={text} placeholder="path, method or request id" onChange={(e) => setText(e.target.value)} /></label>
        <label>Status
          <select value={statusClass} onChange={(e) => setStatusClass(e.target.value as typeof statusClass)}>
            {STATUS_CLASSES.map((name) => <option key={name}>{name}</option>)}
          </select>
        </label>
        <button type="button" onClick={() => setPaused(!paused)}>{paused ? 'Follow' : 'Pause'}</button>
        <span className="muted">This worker's last {KEPT} requests; the studio's own are left out.</span>
      </div>
      {error && <ErrorNote>{error}</ErrorNote>}
      {shown.length === 0 ? <Empty>No requests{needle || statusClass !== 'all' ? ' match' : ' yet'}.</Empty> : (
        <div className="grid-wrap" tabIndex={0}>
          <table className="grid" aria-label="Requests">
            <thead><tr><th>Time</th><th>Method</th><th>Path</th><th>Status</th><th>Duration</th><th>Request id</th></tr></thead>
            <tbody>
              {shown.map((line) => (
                <tr key={line.seq}>
                  <td>{new Date(line.time * 1000).toLocaleTimeString()}</td>
                  <td>{line.method}</td>
                  <td>{line.path}</td>
                  <td className={Number(line.status) >= 400 ? 'warn-text' : undefined}>{line.status}</td>
                  <td>{line.duration_ms} ms</td>
                  <td><code>{line.request_id}</code></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
