import { useState } from 'react';
import { fetchRecentRequests } from '@/lib/admin-api';
import { Empty, ErrorNote } from '@/components/ui';
import { RequestRecords } from './request-records';
import { KEPT, useFollowedLines } from './use-followed-lines';

const STATUS_CLASSES = ['all', '2xx', '3xx', '4xx', '5xx'] as const;

/** The gateway's request log as it grows: one line per API request, newest first, filtered here; a request's id
 * opens the log lines the gateway and the functions wrote while handling it. */
export function RequestsLog() {
  const [paused, setPaused] = useState(false);
  const [text, setText] = useState('');
  const [statusClass, setStatusClass] = useState<(typeof STATUS_CLASSES)[number]>('all');
  const [opened, setOpened] = useState<string | null>(null);
  const { lines, enabled, error } = useFollowedLines(fetchRecentRequests, paused);

  const needle = text.trim().toLowerCase();
  const shown = lines.filter((line) =>
    (statusClass === 'all' || String(line.status).startsWith(statusClass[0]))
    && (!needle || `${line.method} ${line.path} ${line.request_id}`.toLowerCase().includes(needle)));
  return (
    <>
      {!enabled && <ErrorNote>The request log is off (REQUEST_LOG=false, the default with DATABASE_URL): no lines are kept.</ErrorNote>}
      <div className="toolbar">
        <label>Search<input type="search" value={text} placeholder="path, method or request id" onChange={(e) => setText(e.target.value)} /></label>
        <label>Status
          <select value={statusClass} onChange={(e) => setStatusClass(e.target.value as typeof statusClass)}>
            {STATUS_CLASSES.map((name) => <option key={name}>{name}</option>)}
          </select>
        </label>
        <button type="button" onClick={() => setPaused(!paused)}>{paused ? 'Follow' : 'Pause'}</button>
        <span className="muted">The last {KEPT} requests of all workers; the studio's own are left out.</span>
      </div>
      {opened && <RequestRecords key={opened} requestId={opened} onClose={() => setOpened(null)} />}
      {error && <ErrorNote>{error}</ErrorNote>}
      {shown.length === 0 ? <Empty>No requests{needle || statusClass !== 'all' ? ' match' : ' yet'}.</Empty> : (
        <div className="grid-wrap" tabIndex={0}>
          <table className="grid" aria-label="Requests">
            <thead><tr><th>Time</th><th>Method</th><th>Path</th><th>Status</th><th>Duration</th><th>Request id</th></tr></thead>
            <tbody>
              {shown.map((line) => (
                <tr key={`${line.pid}-${line.seq}`}>
                  <td>{new Date(line.time * 1000).toLocaleTimeString()}</td>
                  <td>{line.method}</td>
                  <td>{line.path}</td>
                  <td className={Number(line.status) >= 400 ? 'warn-text' : undefined}>{line.status}</td>
                  <td>{line.duration_ms} ms</td>
                  <td>
                    <button type="button" className="link" onClick={() => setOpened(line.request_id)}>
                      <code>{line.request_id}</code>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
