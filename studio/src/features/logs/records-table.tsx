import type { LogRecordLine } from '@/lib/admin-api';

/** Log records as lines: when, how serious, which logger (a function's is `functions.<name>`), what it said. */
export function RecordsTable({ lines, label, onRequest }: {
  lines: LogRecordLine[]; label: string; onRequest?: (requestId: string) => void;
}) {
  return (
    <div className="grid-wrap" tabIndex={0}>
      <table className="grid" aria-label={label}>
        <thead><tr><th>Time</th><th>Level</th><th>Source</th><th>Message</th>{onRequest && <th>Request id</th>}</tr></thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.logger}-${line.pid}-${line.seq}`}>
              <td>{new Date(line.time * 1000).toLocaleTimeString()}</td>
              <td className={line.level === 'WARNING' || line.level === 'ERROR' ? 'warn-text' : undefined}>{line.level}</td>
              <td>{line.logger}</td>
              <td><pre className="log-message">{line.message}</pre></td>
              {onRequest && (
                <td>{line.request_id
                  ? <button type="button" className="link" onClick={() => onRequest(line.request_id!)}><code>{line.request_id}</code></button>
                  : '—'}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
