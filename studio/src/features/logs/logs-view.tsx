import { useState } from 'react';
import { FunctionLogs } from './function-logs';
import { RequestsLog } from './requests-log';

const TABS = { requests: 'Requests', functions: 'Function logs' } as const;

export function LogsView() {
  const [tab, setTab] = useState<keyof typeof TABS>('requests');
  return (
    <div className="page">
      <h1>Logs</h1>
      <div role="tablist" aria-label="Logs" className="tabs">
        {(Object.keys(TABS) as (keyof typeof TABS)[]).map((name) => (
          <button key={name} role="tab" type="button" aria-selected={tab === name} onClick={() => setTab(name)}>
            {TABS[name]}
          </button>
        ))}
      </div>
      {tab === 'requests' ? <RequestsLog /> : <FunctionLogs />}
    </div>
  );
}
