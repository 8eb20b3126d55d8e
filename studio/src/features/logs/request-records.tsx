import { fetchRequestRecords } from '@/lib/admin-api';
import { useAsync } from '@/lib/use-async';
import { ErrorNote, Loading } from '@/components/ui';
import { RecordsTable } from './records-table';

/** The log lines of one request: the gateway's records made while it was handled, and its function's. */
export function RequestRecords({ requestId, onClose }: { requestId: string; onClose: () => void }) {
  const records = useAsync(() => fetchRequestRecords(requestId), requestId);
  return (
    <section className="policy" aria-label={`Log lines of request ${requestId}`}>
      <div className="detail-head">
        <h2>Request <code>{requestId}</code></h2>
        <button type="button" onClick={records.reload}>Reload</button>
        <button type="button" onClick={onClose}>Close</button>
      </div>
      {records.error && <ErrorNote>{records.error}</ErrorNote>}
      {!records.data && records.loading && <Loading what="the request's log lines" />}
      {records.data && (records.data.length === 0
        ? <p className="muted">The gateway logged nothing else for this request.</p>
        : <RecordsTable lines={records.data} label="Log lines" />)}
    </section>
  );
}
