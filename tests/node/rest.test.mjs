// supabase-js against the gateway's /rest/v1: every builder method the site uses, on the REST fixture schema
// (tests/rest/fixture_schema.sql) and on the product tables as the service role (the ticket list's real embeds).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';

const { GATEWAY_URL, ANON_KEY, SERVICE_ROLE_KEY, JWT_SECRET } = process.env;
const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws } };
const anon = createClient(GATEWAY_URL, ANON_KEY, options);
const service = createClient(GATEWAY_URL, SERVICE_ROLE_KEY, options);

function b64url(value) {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

function userToken(sub) {
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({
    sub, aud: 'authenticated', role: 'authenticated', iat: now, exp: now + 3600, email: `${sub.slice(-4)}@example.test`,
    aal: 'aal1', amr: [], session_id: randomUUID(), app_metadata: {}, user_metadata: {}, is_anonymous: false,
  })}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

function asUser(sub) {
  return createClient(GATEWAY_URL, ANON_KEY, { ...options, global: { headers: { Authorization: `Bearer ${userToken(sub)}` } } });
}

test('select with embeds by foreign-key hint, eq, order, limit', async () => {
  const { data, error, status } = await anon
    .from('fx_tickets')
    .select('id, title, company:fx_companies(name), assignee:fx_people!fx_tickets_assigned_to_fkey(name,email), creator:fx_people!fx_tickets_created_by_fkey(name,email)')
    .eq('status', 'open')
    .order('id', { ascending: false })
    .limit(2);
  assert.equal(error, null);
  assert.equal(status, 200);
  assert.deepEqual(data.map((r) => r.id), [5, 3]);
  assert.deepEqual(data[1].assignee, { name: 'Cyd', email: 'cyd@globex.test' });
  assert.equal(data[0].assignee, null);
  assert.deepEqual(data[1].company, { name: 'Globex' });
});

test('or, in, is, ilike, range and an exact count', async () => {
  const { data, count, error } = await anon
    .from('fx_tickets')
    .select('id', { count: 'exact' })
    .or('status.eq.closed,priority.is.null')
    .order('id')
    .range(0, 0);
  assert.equal(error, null);
  assert.equal(count, 2);
  assert.deepEqual(data, [{ id: 2 }]);
  const inList = await anon.from('fx_tickets').select('id').in('status', ['closed', 'in-progress']).order('id');
  assert.deepEqual(inList.data, [{ id: 2 }, { id: 4 }]);
  const like = await anon.from('fx_tickets').select('id').ilike('title', '%vpn%');
  assert.deepEqual(like.data, [{ id: 3 }]);
  const head = await anon.from('fx_tickets').select('*', { count: 'exact', head: true });
  assert.equal(head.count, 5);
  assert.equal(head.data, null);
});

test('single and maybeSingle', async () => {
  const one = await anon.from('fx_companies').select('name').eq('id', 2).single();
  assert.deepEqual(one.data, { name: 'Globex' });
  const many = await anon.from('fx_companies').select('name').single();
  assert.equal(many.error.code, 'PGRST116');
  assert.equal(many.status, 406);
  const none = await anon.from('fx_companies').select('name').eq('id', 99).maybeSingle();
  assert.equal(none.error, null);
  assert.equal(none.data, null);
});

test('insert().select().single(), update, upsert and delete', async () => {
  const inserted = await service.from('fx_labels').insert({ id: 500, name: 'from-js' }).select().single();
  assert.equal(inserted.error, null);
  assert.equal(inserted.status, 201);
  assert.deepEqual(inserted.data, { id: 500, name: 'from-js' });

  const bulk = await service.from('fx_labels').insert([{ id: 501, name: 'b1' }, { id: 502, name: 'b2' }]);
  assert.equal(bulk.error, null);
  assert.equal(bulk.status, 201);

  const updated = await service.from('fx_labels').update({ name: 'renamed' }).eq('id', 500).select('name');
  assert.deepEqual(updated.data, [{ name: 'renamed' }]);

  const upserted = await service.from('fx_labels').upsert({ id: 501, name: 'b1-upserted' }, { onConflict: 'id' }).select();
  assert.deepEqual(upserted.data, [{ id: 501, name: 'b1-upserted' }]);

  const removed = await service.from('fx_labels').delete({ count: 'exact' }).in('id', [500, 501, 502]);
  assert.equal(removed.error, null);
  assert.equal(removed.count, 3);
  assert.equal(removed.status, 204);
});

test('row-level security through the client: own rows only, WITH CHECK is 42501', async () => {
  const me = randomUUID();
  const client = asUser(me);
  const mine = await client.from('fx_notes').insert({ body: 'note from js' }).select().single();
  assert.equal(mine.error, null);
  assert.equal(mine.data.owner, me);
  const forged = await client.from('fx_notes').insert({ body: 'forged', owner: randomUUID() });
  assert.equal(forged.error.code, '42501');
  assert.equal(forged.status, 403);
  const seen = await client.from('fx_notes').select('body').eq('owner', me);
  assert.deepEqual(seen.data, [{ body: 'note from js' }]);
  const other = await asUser(randomUUID()).from('fx_notes').delete().eq('owner', me).select();
  assert.deepEqual(other.data, []);
});

test('rpc with arguments, by GET, with a set result and a count', async () => {
  const sum = await anon.rpc('fx_add', { a: 2, b: 3 });
  assert.equal(sum.data, 5);
  const get = await anon.rpc('fx_add', { a: 2 }, { get: true });
  assert.equal(get.data, 12);
  const set = await anon.rpc('fx_tickets_by_status', { st: 'open' }, { count: 'exact' }).select('id').order('id').limit(2);
  assert.equal(set.error, null);
  assert.deepEqual(set.data, [{ id: 1 }, { id: 3 }]);
  assert.equal(set.count, 3);
  const missing = await anon.rpc('fx_does_not_exist');
  assert.equal(missing.error.code, 'PGRST202');
});

test("the ticket list's query on the product tables", async () => {
  const company = await service.from('companies').insert({ name: `JS Co ${randomUUID().slice(0, 8)}` }).select('id').single();
  assert.equal(company.error, null);
  const people = await service.from('company_users').insert([
    { company_id: company.data.id, name: 'Agent', email: `agent-${randomUUID()}@example.test` },
    { company_id: company.data.id, name: 'Reporter', email: `rep-${randomUUID()}@example.test` },
  ]).select('id, name');
  assert.equal(people.error, null);
  const agent = people.data.find((p) => p.name === 'Agent');
  const reporter = people.data.find((p) => p.name === 'Reporter');
  const ticket = await service.from('tickets').insert({
    title: 'From supabase-js', company_id: company.data.id, assigned_to: agent.id, created_by: reporter.id,
  }).select().single();
  assert.equal(ticket.error, null);
  const { data, error } = await service
    .from('tickets')
    .select('*, company:companies(name), assignee:company_users!tickets_assigned_to_fkey(name,email), creator:company_users!tickets_created_by_fkey(name,email)')
    .eq('id', ticket.data.id)
    .order('created_at', { ascending: false });
  assert.equal(error, null);
  assert.equal(data.length, 1);
  assert.equal(data[0].assignee.name, 'Agent');
  assert.equal(data[0].creator.name, 'Reporter');
  assert.match(data[0].company.name, /^JS Co /);
  await service.from('companies').delete().eq('id', company.data.id);
});
