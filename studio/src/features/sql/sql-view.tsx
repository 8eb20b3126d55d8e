import { useState, type KeyboardEvent } from 'react';
import { AdminApiError, cancelSql, runSql, type Role, type SqlError, type SqlResult } from '@/lib/admin-api';
import { Cell, ErrorNote } from '@/components/ui';
import { RolePicker, type Identity } from './role-picker';

const HISTORY_KEY = 'studio-sql-history';

export function SqlView() {
  const [text, setText] = useState('select now();');
  const [identity, setIdentity] = useState<Identity>({ role: 'postgres' });
  const [result, setResult] = useState<SqlResult | null>(null);
  const [error, setError] = useState<{ message: string; sql?: SqlError } | null>(null);
  const [running, setRunning] = useState<{ runId: string; role: Role } | null>(null);
  const [history, setHistory] = useState<string[]>(() => JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]'));

  async function run() {
    const run = { runId: crypto.randomUUID(), role: identity.role as Role };
    setRunning(run);
    setError(null);
    setResult(null);
    try {
      setResult(await runSql(text, run.role, identity.userId, run.runId));
      const kept = [text, ...history.filter((entry) => entry !== text)].slice(0, 20);
      setHistory(kept);
      localStorage.setItem(HISTORY_KEY, JSON.stringify(kept));
    } catch (failure) {
      setResult(null);
      setError({ message: (failure as Error).message, sql: failure instanceof AdminApiError ? failure.sql : undefined });
    } finally {
      setRunning(null);
    }
  }

  function onKey(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void run();
    }
  }

  return (
    <div className="page">
      <h1>SQL editor</h1>
      <div className="toolbar">
        <RolePicker value={identity} onChange={setIdentity} withOwner />
        <button type="button" className="primary" onClick={run} disabled={running !== null}>{running ? 'Running…' : 'Run'}</button>
        {running && <button type="button" onClick={() => cancelSql(running.role, running.runId)}>Cancel</button>}
        <span className="muted">Ctrl+Enter runs. All statements run in one transaction.</span>
      </div>
      <label className="sr-only" htmlFor="sql-text">SQL</label>
      <textarea id="sql-text" className="sql" value={text} spellCheck={false} onKeyDown={onKey}
        onChange={(e) => setText(e.target.value)} rows={10} />
      {history.length > 0 && (
        <label className="history">History
          <select value="" onChange={(e) => e.target.value && setText(e.target.value)}>
            <option value="">Pick an earlier query…</option>
            {history.map((entry) => <option key={entry} value={entry}>{entry.slice(0, 80)}</option>)}
          </select>
        </label>
      )}
      {error && (
        <ErrorNote>
          <strong>{error.sql?.code ? `${error.sql.code}: ` : ''}{error.message}</strong>
          {error.sql?.line && <div>At line {error.sql.line}, column {error.sql.column}.</div>}
          {error.sql?.detail && <div>{error.sql.detail}</div>}
          {error.sql?.hint && <div>Hint: {error.sql.hint}</div>}
        </ErrorNote>
      )}
      {result && (
        <section aria-label="Results">
          <p className="muted">{result.command}{result.columns.length ? ` · ${result.rows.length} rows` : ''}
            {result.truncated ? ' (first 1000 shown)' : ''}</p>
          {result.columns.length > 0 && (
            <div className="grid-wrap" tabIndex={0}>
              <table className="grid">
                <thead><tr>{result.columns.map((c, i) => <th key={i}>{c.name}</th>)}</tr></thead>
                <tbody>
                  {result.rows.map((row, i) => (
                    <tr key={i}>{row.map((value, j) => <td key={j}><Cell value={value} /></td>)}</tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
