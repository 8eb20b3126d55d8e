import type { Client } from '@/lib/clients';
import type { Relation } from '@/lib/admin-api';

export const PAGE_SIZE = 50;
export const OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'ilike', 'is'] as const;
export type Operator = (typeof OPERATORS)[number];
export type Filter = { column: string; operator: Operator; value: string };
export type Sort = { column: string; ascending: boolean };
export type Page = { rows: Record<string, unknown>[]; total: number | null };

/** One page of a table's rows through the REST API: its filter, its order and its range. */
export async function fetchPage(client: Client, relation: Relation, page: number, filter: Filter | null,
  sort: Sort | null): Promise<Page> {
  let query = client.schema(relation.schema).from(relation.name).select('*', { count: 'exact' });
  if (filter && filter.column) {
    const value = filter.operator === 'is' ? (filter.value.toLowerCase() === 'null' ? null : filter.value) : filter.value;
    query = query.filter(filter.column, filter.operator, value);
  }
  if (sort) query = query.order(sort.column, { ascending: sort.ascending });
  const { data, count, error } = await query.range(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE - 1);
  if (error) throw new Error(describe(error));
  return { rows: data ?? [], total: count };
}

export function describe(error: { message: string; details?: string | null; hint?: string | null }): string {
  return [error.message, error.details, error.hint].filter(Boolean).join(' — ');
}

export function primaryKey(relation: Relation): string[] {
  return relation.columns.filter((column) => column.primary_key).map((column) => column.name);
}
