import { useState } from 'react';
import { fetchFunctionLines } from '@/lib/admin-api';
import { Empty, ErrorNote } from '@/components/ui';
import { RecordsTable } from './records-table';
import { RequestRecords } from './request-records';
import { KEPT, useFollowedLines } from './use-followed-lines';

const FUNCTION_LOGGER = 'functions.';
const EVERY = '';

/** What the edge functions log and print (console.log, console.error), newest first, by function. */
export function FunctionLogs() {
  const [paused, setPaused] = useState(false);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState(EVERY);
  const [opened, setOpened] = useState<string | null>(null);
  const { lines, error } = useFollowedLines(fetchFunctionLines, paused);

  const names = [...new Set(lines.map((line) => line.logger.slice(FUNCTION_LOGGER.length)))].sort();
  const needle = text.trim().toLowerCase();
  const shown = lines.filter((line) =>
    (chosen === EVERY || line.logger === `${FUNCTION_LOGGER}${chosen}`)
    && (!needle || `${line.message} ${line.request_id ?? ''}`.toLowerCase().includes(needle)));
  return (
    <>
      <div className="toolbar">
        <label>Search<input type="search" value={text} placeholder="text or request id" onChange={(e) => setText(e.target.value)} /></label>
        <label>Function
          <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value={EVERY}>all</option>
            {names.map((name) => <option key={name}>{name}</option>)}
          </select>
        </label>
        <button type="button" onClick={() => setPaused(!paused)}>{paused ? 'Follow' : 'Pause'}</button>
        <span className="muted">The last {KEPT} lines of the functions, of all workers.</span>
      </div>
      {opened && <RequestRecords key={opened} requestId={opened} onClose={() => setOpened(null)} />}
      {error && <ErrorNote>{error}</ErrorNote>}
      {shown.length === 0 ? <Empty>No function lines{needle || chosen !== EVERY ? ' match' : ' yet'}.</Empty>
        : <RecordsTable lines={shown} label="Function lines" onRequest={setOpened} />}
    </>
  );
}
