// postgres_changes for any table, through the real supabase-js: columns named after every alias and keyword of the
// statement that re-selects a change under RLS (and quoted, mixed-case and unicode names) reach subscribers as
// written, a check that fails for another reason reaches them as Realtime's `system` error, never silence, and a
// subscription naming only its table listens to that table of `public`, as Realtime reads it.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { closeClients, inbox, newClient, sleep, sql, subscribed } from './realtime-support.mjs'

const QUIET_MS = 1500
// Each alias of the re-select (x, c, n, k, t) and each keyword or function name it is written with.
const SHADOWING = ['x', 'c', 'n', 'k', 'select', 'from', 'join', 'on', 'with', 'ordinality', 'cross', 'lateral',
  'null', 'and', 'as', 'true', 'false', 'array', 'boolean', 'jsonb', 'to_jsonb', 'nullif', 'coalesce',
  'jsonb_array_elements', 'jsonb_populate_record', 'row_visible', 'Mixed Case', 'we"ird', 'prénom', '名前']
const quote = (name) => `"${name.replaceAll('"', '""')}"`

after(closeClients)

async function watch(table, { filter, schema = 'public' } = {}) {
  const client = newClient()
  const changes = inbox()
  const system = inbox()
  const spec = { event: '*', table, ...(schema ? { schema } : {}), ...(filter ? { filter } : {}) }
  await subscribed(client.channel(`${table}-${Math.random()}`)
    .on('postgres_changes', spec, (p) => changes.push(p))
    .on('system', {}, (p) => system.push(p)))
  await system.next((m) => m.status === 'ok')
  return { changes, system }
}

test("the issue's table: a column named t", async () => {
  sql('create table public.t_notes (id bigint primary key, t text)')
  sql('alter publication supabase_realtime add table public.t_notes')
  const { changes, system } = await watch('t_notes')
  sql("insert into public.t_notes (id, t) values (1, 'hello')")
  const inserted = await changes.next((p) => p.eventType === 'INSERT')
  assert.deepEqual(inserted.new, { id: 1, t: 'hello' })
  assert.deepEqual(system.items.filter((m) => m.status === 'error'), [])
})

test('columns named after every alias and keyword, with RLS and a filter, for every event', async () => {
  const columns = SHADOWING.map((name) => `${quote(name)} text`).join(', ')
  sql(`create table public."Shadowed Notes" (t bigint primary key, ${columns})`)
  sql('alter table public."Shadowed Notes" replica identity full')
  sql('alter table public."Shadowed Notes" enable row level security')
  sql(`create policy "Anyone can read unhidden notes" on public."Shadowed Notes" for select to anon
       using (x is distinct from 'hidden' and "名前" is distinct from 'hidden')`)
  sql('grant select on public."Shadowed Notes" to anon')
  sql('alter publication supabase_realtime add table public."Shadowed Notes"')
  const all = await watch('Shadowed Notes')
  const filtered = await watch('Shadowed Notes', { filter: 'prénom=eq.Zoë' })

  const values = SHADOWING.map((name) => `'${name.replaceAll("'", "''")} value'`).join(', ')
  sql(`insert into public."Shadowed Notes" (t, ${SHADOWING.map(quote).join(', ')}) values (1, ${values})`)
  const inserted = await all.changes.next((p) => p.eventType === 'INSERT')
  assert.equal(inserted.new.t, 1)
  for (const name of SHADOWING) assert.equal(inserted.new[name], `${name} value`, name)

  sql(`update public."Shadowed Notes" set "prénom" = 'Zoë', "we""ird" = 'changed' where t = 1`)
  const updated = await all.changes.next((p) => p.eventType === 'UPDATE')
  assert.equal(updated.new['we"ird'], 'changed')
  const match = await filtered.changes.next((p) => p.eventType === 'UPDATE')
  assert.equal(match.new['prénom'], 'Zoë')

  sql(`insert into public."Shadowed Notes" (t, x) values (2, 'hidden')`)
  sql(`insert into public."Shadowed Notes" (t, "名前") values (3, 'shown')`)
  const shown = await all.changes.next((p) => p.eventType === 'INSERT' && p.new.t === 3)
  assert.equal(shown.new['名前'], 'shown')

  sql('delete from public."Shadowed Notes" where t = 1')
  const deleted = await all.changes.next((p) => p.eventType === 'DELETE')
  assert.equal(deleted.old.t, 1)
  assert.equal(deleted.old.c, 'c value')

  await sleep(QUIET_MS)
  assert.deepEqual(all.changes.items.map((p) => [p.eventType, (p.new?.t ?? p.old?.t)]),
    [['INSERT', 1], ['UPDATE', 1], ['INSERT', 3], ['DELETE', 1]])
  assert.deepEqual(filtered.changes.items.map((p) => [p.eventType, (p.new?.t ?? p.old?.t)]),
    [['UPDATE', 1], ['DELETE', 1]])
  for (const { system } of [all, filtered]) assert.deepEqual(system.items.filter((m) => m.status === 'error'), [])
})

test('a check that raises reaches the subscriber as a system error, and later changes still arrive', async () => {
  sql('create table public.fragile_notes (id bigint primary key, body text)')
  sql(`create function public.refuse_secret(body text) returns boolean language plpgsql as $$
       begin if body = 'boom' then raise exception using message = 'the secret word was ' || body; end if;
       return true; end $$`)
  sql('alter table public.fragile_notes enable row level security')
  sql(`create policy "Anyone can read notes that do not explode" on public.fragile_notes for select to anon
       using (public.refuse_secret(body))`)
  sql('grant select on public.fragile_notes to anon')
  sql('alter publication supabase_realtime add table public.fragile_notes')
  const { changes, system } = await watch('fragile_notes')

  sql("insert into public.fragile_notes (id, body) values (1, 'boom')")
  const failed = await system.next((m) => m.status === 'error')
  assert.equal(failed.extension, 'postgres_changes')
  assert.match(failed.message, /^Unable to check row level security on public\.fragile_notes \(SQLSTATE P0001\)$/)
  assert.ok(!JSON.stringify(failed).includes('secret'))

  // Any read of the table raises while the row is there, as a query would; once it is mended changes flow again.
  sql("update public.fragile_notes set body = 'mended' where id = 1")
  sql("insert into public.fragile_notes (id, body) values (2, 'fine')")
  const later = await changes.next((p) => p.eventType === 'INSERT')
  assert.deepEqual(later.new, { id: 2, body: 'fine' })
  assert.deepEqual(changes.items.map((p) => [p.eventType, p.new.body]), [['UPDATE', 'mended'], ['INSERT', 'fine']])
  assert.equal(system.items.filter((m) => m.status === 'error').length, 1)
})

test('a subscription without a schema listens to the table of public', async () => {
  sql('create table public.schemaless_notes (id bigint primary key, body text)')
  sql('alter publication supabase_realtime add table public.schemaless_notes')
  const { changes } = await watch('schemaless_notes', { schema: null })
  sql("insert into public.schemaless_notes (id, body) values (1, 'found')")
  const inserted = await changes.next((p) => p.eventType === 'INSERT')
  assert.equal(inserted.schema, 'public')
  assert.deepEqual(inserted.new, { id: 1, body: 'found' })
})
