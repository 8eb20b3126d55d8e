import type { Relation } from '@/lib/admin-api';

type Props = { relation: Relation; shown: Set<string>; onFollow: (target: string) => void };

export function Structure({ relation, shown, onFollow }: Props) {
  return (
    <div className="structure">
      {relation.comment && <p className="muted">{relation.comment}</p>}
      <table className="grid" aria-label={`Columns of ${relation.name}`}>
        <thead><tr><th>Column</th><th>Type</th><th>Nullable</th><th>Default</th><th>Key</th></tr></thead>
        <tbody>
          {relation.columns.map((column) => (
            <tr key={column.name}>
              <td>{column.name}</td><td><code>{column.type}</code></td><td>{column.nullable ? 'yes' : 'no'}</td>
              <td><code>{column.default ?? ''}</code></td><td>{column.primary_key ? 'primary key' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Foreign keys</h2>
      {relation.foreign_keys.length === 0 ? <p className="muted">None.</p> : (
        <ul className="fks">
          {relation.foreign_keys.map((fk) => (
            <li key={fk.name}>
              <code>{fk.columns.join(', ')}</code> →{' '}
              {shown.has(`${fk.target_schema}.${fk.target_table}`) ? (
                <button type="button" className="link" onClick={() => onFollow(`${fk.target_schema}.${fk.target_table}`)}>
                  {fk.target_schema}.{fk.target_table}
                </button>
              ) : <span title="Not in an exposed schema (DB_SCHEMAS)">{fk.target_schema}.{fk.target_table}</span>}{' '}
              <code>({fk.target_columns.join(', ')})</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
