import { useState } from 'react';
import { fetchCatalog, fetchPolicies, tokenFor } from '@/lib/admin-api';
import { clientAs } from '@/lib/clients';
import { useAsync } from '@/lib/use-async';
import { Empty, ErrorNote, Loading } from '@/components/ui';
import { RowsBrowser } from '@/features/tables';
import { RolePicker, type Identity } from '@/features/sql';
import { AccessMatrix } from './access-matrix';
import { PolicyTests } from './policy-tests';

export function PoliciesView() {
  const loaded = useAsync(() => Promise.all([fetchCatalog(), fetchPolicies()]), 'policies');
  const [chosen, setChosen] = useState<string | null>(null);
  const [identity, setIdentity] = useState<Identity>({ role: 'anon' });
  const [viewing, setViewing] = useState<Identity | null>(null);
  const token = useAsync(async () => (viewing ? tokenFor(viewing.role as 'anon', viewing.userId) : null),
    JSON.stringify(viewing));
  if (loaded.error) return <ErrorNote>{loaded.error}</ErrorNote>;
  if (!loaded.data) return <Loading what="policies" />;
  const [catalog, { policies, access }] = loaded.data;
  const tables = catalog.relations.filter((r) => r.kind === 'table');
  const table = tables.find((t) => `${t.schema}.${t.name}` === chosen) ?? tables[0];
  if (!table) return <Empty>No tables yet.</Empty>;
  const own = policies.filter((p) => p.schema === table.schema && p.table === table.name);
  return (
    <div className="split">
      <nav aria-label="Tables" className="list">
        <ul>
          {tables.map((t) => (
            <li key={`${t.schema}.${t.name}`}>
              <button type="button" aria-current={t === table ? 'true' : undefined}
                onClick={() => { setChosen(`${t.schema}.${t.name}`); setViewing(null); }}>
                <span>{t.name}</span>
                <small className={t.rls ? 'muted' : 'warn-text'}>
                  {t.rls ? count(policies.filter((p) => p.schema === t.schema && p.table === t.name).length) : 'RLS off'}
                </small>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="detail">
        <h1>Policies of {table.schema}.{table.name}</h1>
        <AccessMatrix table={table.name} cells={access.filter((a) => a.schema === table.schema && a.table === table.name)} />
        {!table.rls && <ErrorNote>Row level security is off: every role with a grant sees and changes every row.</ErrorNote>}
        {own.length === 0 ? <Empty>No policies on this table.</Empty> : (
          <ul className="policies">
            {own.map((policy) => (
              <li key={policy.name} className="policy">
                <h2>{policy.name}</h2>
                <p className="badges">
                  <span className="badge">{policy.command}</span>
                  <span className="badge">{policy.roles.join(', ')}</span>
                  {!policy.permissive && <span className="badge warn">restrictive</span>}
                </p>
                {policy.using && <pre><code>using ({policy.using})</code></pre>}
                {policy.check && <pre><code>with check ({policy.check})</code></pre>}
              </li>
            ))}
          </ul>
        )}
        <h2>View as</h2>
        <form className="toolbar" onSubmit={(e) => { e.preventDefault(); setViewing(identity); }}>
          <RolePicker value={identity} onChange={setIdentity} />
          <button type="submit" className="primary">View rows</button>
        </form>
        {token.error && <ErrorNote>{token.error}</ErrorNote>}
        {viewing && token.data && (
          <RowsBrowser key={token.data} client={clientAs(token.data, table.schema)} relation={table} editable={false}
            label={`Rows of ${table.name} as ${viewing.role}`} />
        )}
        <PolicyTests />
      </div>
    </div>
  );
}

function count(policies: number): string {
  return policies === 1 ? '1 policy' : `${policies} policies`;
}
