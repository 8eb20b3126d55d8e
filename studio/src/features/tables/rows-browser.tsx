import { useState } from 'react';
import type { Client } from '@/lib/clients';
import type { Relation } from '@/lib/admin-api';
import { useAsync } from '@/lib/use-async';
import { Cell, Empty, ErrorNote, Loading, Pager } from '@/components/ui';
import { RowEditor } from './row-editor';
import { OPERATORS, PAGE_SIZE, describe, fetchPage, primaryKey, type Filter, type Operator, type Sort } from './rows-query';

type Props = { client: Client; relation: Relation; editable: boolean; label: string };

/** A table's rows as `client` sees them through the REST API, with a filter, a sort and pages. */
export function RowsBrowser({ client, relation, editable, label }: Props) {
  const [page, setPage] = useState(0);
  const [draft, setDraft] = useState<Filter>({ column: relation.columns[0]?.name ?? '', operator: 'eq', value: '' });
  const [filter, setFilter] = useState<Filter | null>(null);
  const [sort, setSort] = useState<Sort | null>(null);
  const [editing, setEditing] = useState<Record<string, unknown> | null | 'new'>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const key = primaryKey(relation);
  const canEdit = editable && relation.kind === 'table' && key.length > 0;
  const rows = useAsync(() => fetchPage(client, relation, page, filter, sort),
    JSON.stringify([relation.schema, relation.name, page, filter, sort, label]));

  async function remove(row: Record<string, unknown>) {
    if (!window.confirm(`Delete this row of ${relation.name}?`)) return;
    let query = client.schema(relation.schema).from(relation.name).delete();
    for (const name of key) query = query.eq(name, row[name] as string);
    const { error } = await query;
    setActionError(error ? describe(error) : null);
    rows.reload();
  }

  function toggleSort(column: string) {
    setSort(sort?.column === column ? { column, ascending: !sort.ascending } : { column, ascending: true });
    setPage(0);
  }

  const total = rows.data?.total ?? 0;
  const last = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
  return (
    <section aria-label={label} className="rows">
      <form className="toolbar" onSubmit={(e) => { e.preventDefault(); setFilter(draft.value || draft.operator === 'is' ? draft : null); setPage(0); }}>
        <label>Filter column
          <select value={draft.column} onChange={(e) => setDraft({ ...draft, column: e.target.value })}>
            {relation.columns.map((column) => <option key={column.name}>{column.name}</option>)}
          </select>
        </label>
        <label>Operator
          <select value={draft.operator} onChange={(e) => setDraft({ ...draft, operator: e.target.value as Operator })}>
            {OPERATORS.map((operator) => <option key={operator}>{operator}</option>)}
          </select>
        </label>
        <label>Value
          <input value={draft.value} onChange={(e) => setDraft({ ...draft, value: e.target.value })} />
        </label>
        <button type="submit">Apply filter</button>
        {filter && <button type="button" onClick={() => { setFilter(null); setPage(0); }}>Clear</button>}
        {canEdit && <button type="button" className="primary" onClick={() => setEditing('new')}>Insert row</button>}
      </form>
      {editing !== null && (
        <RowEditor client={client} relation={relation} row={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)} onDone={() => { setEditing(null); rows.reload(); }} />
      )}
      {actionError && <ErrorNote>{actionError}</ErrorNote>}
      {rows.error && <ErrorNote>{rows.error}</ErrorNote>}
      {rows.loading && !rows.data && <Loading what="rows" />}
      {rows.data && (rows.data.rows.length === 0 ? <Empty>No rows{filter ? ' match this filter' : ''}.</Empty> : (
        <div className="grid-wrap" tabIndex={0}>
          <table className="grid">
            <thead>
              <tr>
                {relation.columns.map((column) => (
                  <th key={column.name} aria-sort={sort?.column === column.name ? (sort.ascending ? 'ascending' : 'descending') : 'none'}>
                    <button type="button" className="link" onClick={() => toggleSort(column.name)}>
                      {column.name}{sort?.column === column.name ? (sort.ascending ? ' ▲' : ' ▼') : ''}
                    </button>
                  </th>
                ))}
                {canEdit && <th><span className="sr-only">Actions</span></th>}
              </tr>
            </thead>
            <tbody>
              {rows.data.rows.map((row, index) => (
                <tr key={key.length ? key.map((name) => String(row[name])).join('/') : index}>
                  {relation.columns.map((column) => <td key={column.name}><Cell value={row[column.name]} /></td>)}
                  {canEdit && (
                    <td className="row-actions">
                      <button type="button" onClick={() => setEditing(row)}>Edit</button>
                      <button type="button" className="danger" onClick={() => remove(row)}>Delete</button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <Pager hasPrevious={page > 0} hasNext={page < last} onMove={(step) => setPage(page + step)}
        label={rows.loading ? 'Loading…' : rows.data && total > 0 ? `Rows ${page * PAGE_SIZE + 1}–${Math.min(total, (page + 1) * PAGE_SIZE)} of ${total}` : ''} />
    </section>
  );
}
