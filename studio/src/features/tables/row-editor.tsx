import { useState, type FormEvent } from 'react';
import type { Client } from '@/lib/clients';
import type { Column, Relation } from '@/lib/admin-api';
import { ErrorNote } from '@/components/ui';
import { describe, primaryKey } from './rows-query';

type Props = {
  client: Client; relation: Relation; row: Record<string, unknown> | null;
  onDone: () => void; onCancel: () => void;
};

/** Insert a row (`row` null) or edit one, through the REST API; the database's own error is shown as it says it. */
export function RowEditor({ client, relation, row, onDone, onCancel }: Props) {
  const editable = relation.columns.filter((column) => !column.generated);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(editable.map((column) => [column.name, row ? asText(row[column.name]) : ''])));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const changes: Record<string, unknown> = {};
    for (const column of editable) {
      const text = values[column.name];
      if (row === null && text === '') continue;
      if (row !== null && text === asText(row[column.name])) continue;
      changes[column.name] = fromText(column, text);
    }
    const table = client.schema(relation.schema).from(relation.name);
    let answer;
    if (row === null) {
      answer = await table.insert(changes);
    } else {
      let update = table.update(changes);
      for (const name of primaryKey(relation)) update = update.eq(name, row[name] as string);
      answer = await update;
    }
    setSaving(false);
    if (answer.error) setError(describe(answer.error));
    else onDone();
  }

  return (
    <form className="editor" onSubmit={save} aria-label={row ? 'Edit row' : `Insert into ${relation.name}`}>
      <h3>{row ? 'Edit row' : `Insert into ${relation.name}`}</h3>
      {editable.map((column) => (
        <label key={column.name} className="field">
          <span>{column.name} <small className="muted">{column.type}{column.nullable ? '' : ' · required'}</small></span>
          {column.type === 'boolean' ? (
            <select value={values[column.name]} onChange={(e) => setValues({ ...values, [column.name]: e.target.value })}>
              <option value="">{row ? 'NULL' : 'default'}</option>
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
          ) : (
            <input
              type={isNumeric(column) ? 'number' : 'text'}
              step="any"
              value={values[column.name]}
              placeholder={row ? 'NULL' : (column.default ?? '')}
              onChange={(e) => setValues({ ...values, [column.name]: e.target.value })}
            />
          )}
        </label>
      ))}
      {error && <ErrorNote>{error}</ErrorNote>}
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>{saving ? 'Saving…' : 'Save'}</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}

function isNumeric(column: Column): boolean {
  return /^(smallint|integer|bigint|numeric|real|double precision)/.test(column.type);
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function fromText(column: Column, text: string): unknown {
  if (text === '') return null;
  if (/^jsonb?$/.test(column.type)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
