import { useState } from 'react';
import { fetchCatalog, type Relation } from '@/lib/admin-api';
import { schemaClient } from '@/lib/clients';
import { useAsync } from '@/lib/use-async';
import { Empty, ErrorNote, Loading } from '@/components/ui';
import { RowsBrowser } from './rows-browser';
import { Structure } from './structure';

export function TablesView() {
  const catalog = useAsync(fetchCatalog, 'catalog');
  const [chosen, setChosen] = useState<string | null>(null);
  const [tab, setTab] = useState<'rows' | 'structure'>('rows');
  if (catalog.error) return <ErrorNote>{catalog.error}</ErrorNote>;
  if (!catalog.data) return <Loading what="tables" />;
  const relations = catalog.data.relations;
  const relation = relations.find((r) => `${r.schema}.${r.name}` === chosen) ?? relations[0];
  return (
    <div className="split">
      <nav aria-label="Tables and views" className="list">
        {catalog.data.schemas.map((schema) => (
          <div key={schema}>
            <h2 className="list-heading">{schema}</h2>
            <ul>
              {relations.filter((r) => r.schema === schema).map((r) => (
                <li key={r.name}>
                  <button type="button" aria-current={r === relation ? 'true' : undefined}
                    onClick={() => setChosen(`${r.schema}.${r.name}`)}>
                    <span>{r.name}</span>
                    <small className="muted">{r.kind === 'table' ? r.rows.count : r.kind}</small>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      {relation ? (
        <div className="detail">
          <header className="detail-head">
            <h1>{relation.schema}.{relation.name}</h1>
            <Badges relation={relation} />
          </header>
          <div role="tablist" aria-label="Table views" className="tabs">
            {(['rows', 'structure'] as const).map((name) => (
              <button key={name} role="tab" type="button" aria-selected={tab === name} onClick={() => setTab(name)}>
                {name === 'rows' ? 'Rows' : 'Structure'}
              </button>
            ))}
          </div>
          {tab === 'rows' ? (
            <RowsBrowser key={`${relation.schema}.${relation.name}`} client={schemaClient(relation.schema)}
              relation={relation} editable label={`Rows of ${relation.name}`} />
          ) : (
            <Structure relation={relation} shown={new Set(relations.map((r) => `${r.schema}.${r.name}`))} onFollow={(target) => { setChosen(target); setTab('rows'); }} />
          )}
        </div>
      ) : <Empty>No tables yet in {catalog.data.schemas.join(', ')}: add a migration.</Empty>}
    </div>
  );
}

function Badges({ relation }: { relation: Relation }) {
  return (
    <p className="badges">
      <span className="badge">{relation.kind}</span>
      {relation.kind === 'table' && (
        <span className={relation.rls ? 'badge ok' : 'badge warn'}>{relation.rls ? 'RLS on' : 'RLS off'}</span>
      )}
      <span className="badge">{relation.rows.exact ? '' : '≈ '}{relation.rows.count} rows</span>
    </p>
  );
}
