// supabase-js against the gateway where PostgREST 14's exact behaviour matters (issue 13), on the `fid` schema of
// tests/rest/fidelity_schema.sql. Expected values are PostgREST's own (its test suite and postgrest-js's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';

const { GATEWAY_URL, SERVICE_ROLE_KEY } = process.env;
const db = createClient(GATEWAY_URL, SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws }, db: { schema: 'fid' },
});

function error(code, message, details = null, hint = null) {
  return { code, details, hint, message };
}

// 1. A write's filters find the rows; they are not applied again to what it returns.

test('update().eq().select() returns the rows it changed, though they no longer match the filter', async () => {
  const added = await db.from('messages').insert({ message: 'test2', username: 'supabot', channel_id: 1 }).select('id').single();
  const { data, error: failed, status } = await db.from('messages').update({ message: 'updated' }).eq('message', 'test2').select();
  assert.equal(failed, null);
  assert.equal(status, 200);
  assert.deepEqual(data, [{ id: added.data.id, message: 'updated', username: 'supabot', channel_id: 1 }]);
  await db.from('messages').delete().eq('id', added.data.id);
});

test('maxAffected update and delete return every row they touched', async () => {
  await db.from('messages').insert([{ message: 'ma', username: 'supabot', channel_id: 1 }]);
  const updated = await db.from('messages').update({ message: 'ma-updated' }).eq('message', 'ma').maxAffected(2).select();
  assert.equal(updated.error, null);
  assert.deepEqual(updated.data.map((r) => r.message), ['ma-updated']);
  const deleted = await db.from('messages').delete().or('message.eq.ma-updated,message.eq.none').maxAffected(2).select('message');
  assert.equal(deleted.error, null);
  assert.deepEqual(deleted.data, [{ message: 'ma-updated' }]);
  await db.from('messages').insert([1, 2, 3].map(() => ({ message: 'many', username: 'supabot', channel_id: 1 })));
  const refused = await db.from('messages').update({ message: 'too-many' }).eq('message', 'many').maxAffected(2).select();
  assert.deepEqual(refused.error, error('PGRST124', 'Query result exceeds max-affected preference constraint', 'The query affects 3 rows'));
  const kept = await db.from('messages').delete().eq('message', 'many').select('id');
  assert.equal(kept.data.length, 3);
});

// 2. Statuses of inserts, upserts and bulk writes.

test('insert 201; upsert 201 when it inserts, 200 when it only merges', async () => {
  const inserted = await db.from('tiobe').insert({ name: 'Rust', rank: 3 });
  assert.equal(inserted.status, 201);
  const mixed = await db.from('tiobe').upsert([{ name: 'Rust', rank: 4 }, { name: 'Go', rank: 5 }]).select();
  assert.equal(mixed.status, 201);
  assert.deepEqual(mixed.data, [{ name: 'Rust', rank: 4 }, { name: 'Go', rank: 5 }]);
  const merged = await db.from('tiobe').upsert([{ name: 'Rust', rank: 6 }, { name: 'Go', rank: 7 }]).select();
  assert.equal(merged.status, 200);
  assert.deepEqual(merged.data, [{ name: 'Rust', rank: 6 }, { name: 'Go', rank: 7 }]);
  const mergedMinimal = await db.from('tiobe').upsert({ name: 'Rust', rank: 8 });
  assert.equal(mergedMinimal.status, 200);
  const empty = await db.from('tiobe').upsert([]).select();
  assert.equal(empty.status, 200);
  assert.deepEqual(empty.data, []);
  const ignored = await db.from('tiobe').upsert([{ name: 'Rust', rank: 9 }], { ignoreDuplicates: true }).select();
  assert.equal(ignored.status, 201);
  assert.deepEqual(ignored.data, []);
  await db.from('tiobe').delete().in('name', ['Rust', 'Go']);
});

test('bulk upsert with columns= and missing=default: defaults fill the keys a row leaves out', async () => {
  const created = await db.from('surrogate')
    .upsert([{ name: 'one' }, { name: 'two', extra: 'given' }], { onConflict: 'name', defaultToNull: false })
    .select('name, extra');
  assert.equal(created.error, null);
  assert.equal(created.status, 201);
  assert.deepEqual(created.data, [{ name: 'one', extra: 'from default' }, { name: 'two', extra: 'given' }]);
  const merged = await db.from('surrogate')
    .upsert([{ name: 'one', extra: 'merged' }, { name: 'two' }], { onConflict: 'name', defaultToNull: false })
    .select('name, extra');
  assert.equal(merged.status, 200);
  assert.deepEqual(merged.data, [{ name: 'one', extra: 'merged' }, { name: 'two', extra: 'from default' }]);
  const bulk = await db.from('surrogate').insert([{ name: 'three' }, { name: 'four', extra: null }], { defaultToNull: false }).select('name, extra');
  assert.equal(bulk.status, 201);
  assert.deepEqual(bulk.data, [{ name: 'three', extra: 'from default' }, { name: 'four', extra: null }]);
});

test('upsert on a table without a key is a plain insert, resolution not applied', async () => {
  const response = await fetch(`${GATEWAY_URL}/rest/v1/no_pk`, {
    method: 'POST',
    headers: {
      apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Profile': 'fid',
      'Content-Type': 'application/json', Prefer: 'return=representation,resolution=merge-duplicates',
    },
    body: JSON.stringify([{ a: '1', b: '0' }]),
  });
  assert.equal(response.status, 201);
  assert.equal(response.headers.get('preference-applied'), 'return=representation');
  assert.deepEqual(await response.json(), [{ a: '1', b: '0' }]);
});

test('Preference-Applied names what each write honoured, in PostgREST order', async () => {
  const write = (method, path, prefer, body) => fetch(`${GATEWAY_URL}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Profile': 'fid',
      'Content-Type': 'application/json', Prefer: prefer,
    },
    body: body && JSON.stringify(body),
  });
  const upsert = await write('POST', 'surrogate?columns=name,extra&on_conflict=name',
    'return=representation, resolution=merge-duplicates, missing=default, max-affected=5', [{ name: 'pa' }]);
  assert.equal(upsert.status, 201);
  assert.equal(upsert.headers.get('preference-applied'), 'resolution=merge-duplicates, missing=default, return=representation');
  const removed = await write('DELETE', 'surrogate?name=eq.pa', 'return=minimal, handling=strict, max-affected=5, missing=default');
  assert.equal(removed.status, 204);
  assert.equal(removed.headers.get('preference-applied'), 'return=minimal, handling=strict, max-affected=5');
});

test('PUT: 201 when it inserts, 200 when it replaces, 204 without a representation; no limit', async () => {
  const put = (query, body, prefer) => fetch(`${GATEWAY_URL}/rest/v1/tiobe?${query}`, {
    method: 'PUT',
    headers: {
      apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Profile': 'fid',
      'Content-Type': 'application/json', ...(prefer ? { Prefer: prefer } : {}),
    },
    body: JSON.stringify(body),
  });
  assert.equal((await put('name=eq.Swift', { name: 'Swift', rank: 12 }, 'return=representation')).status, 201);
  assert.equal((await put('name=eq.Swift', { name: 'Swift', rank: 13 }, 'return=representation')).status, 200);
  assert.equal((await put('name=eq.Swift', { name: 'Swift', rank: 14 })).status, 204);
  const limited = await put('name=eq.Swift&limit=1', { name: 'Swift', rank: 1 });
  assert.equal(limited.status, 400);
  assert.deepEqual(await limited.json(), error('PGRST114', 'limit/offset querystring parameters are not allowed for PUT'));
  await db.from('tiobe').delete().eq('name', 'Swift');
});

// 3. Functions overloaded on one unnamed parameter; PGRST202 and PGRST203 in PostgREST's words.

test('an unnamed text parameter takes the call whatever the single value ({"": ...})', async () => {
  assert.deepEqual((await db.rpc('poly_different_return', { '': 'test' })).data, 'foo');
  assert.deepEqual((await db.rpc('poly_different_return', { '': true })).data, 'foo');
  assert.deepEqual((await db.rpc('poly_unnamed_json', { '': { test: 'value' } })).data, 1);
  assert.deepEqual((await db.rpc('poly_unnamed_jsonb', { '': { test: 'value' } })).data, 1);
  assert.deepEqual((await db.rpc('poly_unnamed_text', { '': 'test' })).data, 1);
  assert.deepEqual((await db.rpc('poly_no_params_or_unnamed')).data, 1);
  assert.deepEqual((await db.rpc('poly_no_params_or_unnamed', { '': '' })).data, 'foo');
  assert.deepEqual((await db.rpc('poly_unnamed_default', { '': 'custom text' })).data, 'foo');
});

test('the raw body goes whole to a single unnamed parameter', async () => {
  const json = await db.rpc('echo_json', { A: 1, B: [2] });
  assert.equal(json.error, null);
  assert.deepEqual(json.data, { A: 1, B: [2] });
  const text = await fetch(`${GATEWAY_URL}/rest/v1/rpc/echo_text`, {
    method: 'POST',
    headers: { apikey: SERVICE_ROLE_KEY, 'Content-Profile': 'fid', 'Content-Type': 'text/plain' },
    body: 'unnamed text arg',
  });
  assert.equal(text.status, 200);
  assert.equal(await text.json(), 'unnamed text arg');
  assert.equal((await db.rpc('echo_text', { '': 'x' })).data, '{"":"x"}');
  assert.equal((await db.rpc('echo_text', { '': 'x' }, { get: true })).data, '{"":"x"}');
});

test('an unnamed integer parameter cannot be called: PGRST202 with the closest function as hint', async () => {
  const { error: failed, status } = await db.rpc('poly_unnamed_integer', { '': 1 });
  assert.equal(status, 404);
  assert.deepEqual(failed, error('PGRST202', 'Could not find the function fid.poly_unnamed_integer() in the schema cache',
    'Searched for the function fid.poly_unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    'Perhaps you meant to call the function fid.poly_unnamed_text'));
});

test('PGRST203 lists the candidates in PostgREST order (fewest parameters first, then by parameters)', async () => {
  const hint = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved';
  const none = await db.rpc('poly_unnamed_default');
  assert.equal(none.status, 300);
  assert.deepEqual(none.error, error('PGRST203',
    'Could not choose the best candidate function between: fid.poly_unnamed_default(), fid.poly_unnamed_default( => text)', null, hint));
  const same = await db.rpc('same_args', { arg: 'value' }, { get: true });
  assert.deepEqual(same.error, error('PGRST203',
    'Could not choose the best candidate function between: fid.same_args(arg => integer), fid.same_args(arg => xml), fid.same_args(arg => text, num => integer)',
    null, hint));
});

test('PGRST202 wording: parameter/parameters, without parameters, hints on the closest name or parameters', async () => {
  const one = await db.rpc('add_them', { a: 1 }, { get: true });
  assert.deepEqual(one.error, error('PGRST202', 'Could not find the function fid.add_them(a) in the schema cache',
    'Searched for the function fid.add_them with parameter a, but no matches were found in the schema cache.',
    'Perhaps you meant to call the function fid.add_them(a, b)'));
  const far = await db.rpc('add_them', { nam: 1 }, { get: true });
  assert.equal(far.error.hint, null);
  const three = await db.rpc('add_them', { a: 1, b: 2, smthelse: 'x' }, { get: true });
  assert.deepEqual(three.error, error('PGRST202', 'Could not find the function fid.add_them(a, b, smthelse) in the schema cache',
    'Searched for the function fid.add_them with parameters a, b, smthelse, but no matches were found in the schema cache.',
    'Perhaps you meant to call the function fid.add_them(a, b)'));
  const posted = await db.rpc('add_them', { x: 1 });
  assert.equal(posted.error.details,
    'Searched for the function fid.add_them with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.');
  const unknown = await db.rpc('add_thme', {}, { get: true });
  assert.deepEqual(unknown.error, error('PGRST202', 'Could not find the function fid.add_thme without parameters in the schema cache',
    'Searched for the function fid.add_thme without parameters, but no matches were found in the schema cache.',
    'Perhaps you meant to call the function fid.add_them'));
  const filtered = await db.rpc('add_them', { a: 1, b: 2 }, { get: true });
  assert.equal(filtered.data, 3);
});

// 4. Embedding: self-references, a column as the embed's name, PGRST201's details, PostgREST's aliases in errors.

test('a self-referencing table embeds its children by table name and its parent by column name', async () => {
  const children = await db.from('collections').select('*, collections(*)').eq('id', 1).single();
  assert.equal(children.error, null);
  assert.deepEqual(children.data, {
    id: 1, description: 'root', parent_id: null,
    collections: [{ id: 2, description: 'child a', parent_id: 1 }, { id: 3, description: 'child b', parent_id: 1 }],
  });
  const parent = await db.from('collections').select('*, parent_id(*)').eq('id', 2).single();
  assert.equal(parent.error, null);
  assert.deepEqual(parent.data, { id: 2, description: 'child a', parent_id: { id: 1, description: 'root', parent_id: null } });
  const hinted = await db.from('collections').select('id, collections!parent_id(id)').eq('id', 1).single();
  assert.deepEqual(hinted.data, { id: 1, collections: [{ id: 2 }, { id: 3 }] });
  const byConstraint = await db.from('collections').select('*, collections!collections_parent_id_fkey(*)');
  assert.equal(byConstraint.status, 400);
  assert.deepEqual(byConstraint.error, error('PGRST200', "Could not find a relationship between 'collections' and 'collections' in the schema cache",
    "Searched for a foreign key relationship between 'collections' and 'collections' using the hint 'collections_parent_id_fkey' in the schema 'fid', but no matches were found."));
});

test('a foreign key column names the embed: username(*), user:username(status)', async () => {
  const whole = await db.from('user_profiles').select('username(*)').eq('id', 1).single();
  assert.equal(whole.error, null);
  assert.deepEqual(whole.data, { username: { username: 'supabot', status: 'ONLINE' } });
  const aliased = await db.from('user_profiles').select('user:username(status)').eq('id', 2).single();
  assert.deepEqual(aliased.data, { user: { status: 'OFFLINE' } });
});

test('PGRST201 lists the relationships in PostgREST order and words', async () => {
  const toOne = await db.from('best_friends').select('first_user:users(*), second_user:users(*)');
  assert.equal(toOne.status, 300);
  const fk = (name, column, many) => ({
    cardinality: many ? 'one-to-many' : 'many-to-one',
    embedding: many ? 'users with best_friends' : 'best_friends with users',
    relationship: many ? `${name} using users(username) and best_friends(${column})`
      : `${name} using best_friends(${column}) and users(username)`,
  });
  const names = ['first_user', 'second_user', 'third_wheel'];
  assert.deepEqual(toOne.error, error('PGRST201', "Could not embed because more than one relationship was found for 'best_friends' and 'users'",
    names.map((c) => fk(`best_friends_${c}_fkey`, c, false)),
    "Try changing 'users' to one of the following: 'users!best_friends_first_user_fkey', 'users!best_friends_second_user_fkey', 'users!best_friends_third_wheel_fkey'. Find the desired relationship in the 'details' key."));
  const toMany = await db.from('users').select('username, best_friends(*)');
  assert.deepEqual(toMany.error.details, names.map((c) => fk(`best_friends_${c}_fkey`, c, true)));
});

test("errors name PostgREST's aliases: the same embed twice (42712), an embedded column (messages_1)", async () => {
  const twice = await db.from('best_friends').select('users!first_user(*), users!second_user(*)').limit(1).single();
  assert.equal(twice.status, 400);
  assert.deepEqual(twice.error, error('42712', 'table name "best_friends_users_1" specified more than once'));
  const sum = await db.from('users').select('username, messages(sum)').limit(1).single();
  assert.deepEqual(sum.error, error('42703', 'column messages_1.sum does not exist'));
  const root = await db.from('messages').select('message, users.count()');
  assert.deepEqual(root.error, error('42703', 'column messages.users does not exist'));
});

// 5. Computed relationships returning at most one row embed as an object; max-affected on a function's result.

test('a computed relationship from a setof ... rows 1 function or a single composite embeds as an object', async () => {
  const { data, error: failed } = await db.from('users')
    .select('username, profile(id), first_message(message), all_messages(message)').eq('username', 'supabot').single();
  assert.equal(failed, null);
  assert.deepEqual(data, {
    username: 'supabot', profile: { id: 1 }, first_message: { message: 'Hello World' },
    all_messages: [{ message: 'Hello World' }, { message: 'Perfection is attained' }],
  });
  const none = await db.from('users').select('username, profile(id)').eq('username', 'awailas').single();
  assert.deepEqual(none.data, { username: 'awailas', profile: null });
});

test('maxAffected applies to a function returning a set; a single value is PGRST128', async () => {
  await db.from('users').insert([{ username: 'testuser1' }, { username: 'testuser2' }]);
  const one = await db.rpc('set_users_offline', { name_param: 'testuser1' }).maxAffected(1).select();
  assert.equal(one.error, null);
  assert.deepEqual(one.data, [{ username: 'testuser1', status: 'OFFLINE' }]);
  const many = await db.rpc('set_users_offline', { name_param: 'testuser%' }).maxAffected(1).select();
  assert.equal(many.status, 400);
  assert.deepEqual(many.error, error('PGRST124', 'Query result exceeds max-affected preference constraint', 'The query affects 2 rows'));
  assert.equal(many.data, null);
  const kept = await db.from('users').select('username, status').like('username', 'testuser%').order('username');
  assert.deepEqual(kept.data, [{ username: 'testuser1', status: 'OFFLINE' }, { username: 'testuser2', status: 'ONLINE' }]);
  const single = await db.rpc('count_users').maxAffected(1);
  assert.deepEqual(single.error, error('PGRST128',
    'Function must return SETOF or TABLE when max-affected preference is used with handling=strict'));
  await db.from('users').delete().like('username', 'testuser%');
});

// 6. CSV as PostgREST writes it; explain with options.

test('csv() quotes only the fields that need it, as PostgreSQL writes a record', async () => {
  const { data, error: failed } = await db.from('csv_cells').select('id, plain, tricky, n, tags').order('id').csv();
  assert.equal(failed, null);
  assert.equal(data, [
    'id,plain,tricky,n,tags',
    '1,plain,"has,comma",1.5,"{a,b}"',
    '2,"two words","has ""quote""",,{}',
    '3,"","line\nbreak",-2,',
  ].join('\n'));
  const none = await db.from('csv_cells').select('id').eq('id', 99).csv();
  assert.equal(none.data, '\n');
});

test('explain() as text, and with options=verbose|settings as JSON', async () => {
  const text = await db.from('users').select().explain();
  assert.equal(text.error, null);
  assert.match(text.data, /^Aggregate {2}\(cost=/);
  const response = await fetch(`${GATEWAY_URL}/rest/v1/users?select=username`, {
    headers: {
      apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Accept-Profile': 'fid',
      Accept: 'application/vnd.pgrst.plan+json; for="application/json"; options=settings|verbose;',
    },
  });
  assert.equal(response.headers.get('content-type'),
    'application/vnd.pgrst.plan+json; for="application/json"; options=verbose|settings; charset=utf-8');
  const verbose = await db.from('users').select('username').explain({ verbose: true, settings: true, format: 'json' });
  assert.equal(verbose.error, null);
  assert.equal(verbose.data.length, 1);
  assert.ok(Array.isArray(verbose.data[0].Plan.Output), JSON.stringify(verbose.data[0].Plan));
  assert.match(verbose.data[0].Settings.search_path, /"fid"/);
});

test('a bulk insert without columns= needs the same keys in every object; with columns= the keys may differ', async () => {
  const post = (query, body) => fetch(`${GATEWAY_URL}/rest/v1/tiobe${query}`, {
    method: 'POST',
    headers: {
      apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Profile': 'fid',
      'Content-Type': 'application/json', Prefer: 'return=representation',
    },
    body: JSON.stringify(body),
  });
  const uneven = [{ name: 'Zig' }, { name: 'Odin', rank: 40 }];
  const refused = await post('', uneven);
  assert.equal(refused.status, 400);
  assert.deepEqual(await refused.json(), error('PGRST102', 'All object keys must match'));
  const mixed = await post('', [{ name: 'Zig' }, 7]);
  assert.deepEqual(await mixed.json(), error('PGRST102', 'All object keys must match'));
  const accepted = await post('?columns=name,rank', uneven);
  assert.equal(accepted.status, 201);
  assert.deepEqual(await accepted.json(), [{ name: 'Zig', rank: null }, { name: 'Odin', rank: 40 }]);
  const viaClient = await db.from('tiobe').insert([{ name: 'Nim' }, { name: 'Gleam', rank: 41 }]).select();
  assert.equal(viaClient.status, 201);
  await db.from('tiobe').delete().in('name', ['Zig', 'Odin', 'Nim', 'Gleam']);
});

test('PGRST200 hints the closest embed, as PostgREST', async () => {
  const close = await db.from('messages').select('message, user(*)');
  assert.deepEqual(close.error, error('PGRST200', "Could not find a relationship between 'messages' and 'user' in the schema cache",
    "Searched for a foreign key relationship between 'messages' and 'user' in the schema 'fid', but no matches were found.",
    "Perhaps you meant 'users' instead of 'user'."));
  const far = await db.from('messages').select('message, message_details(*)');
  assert.equal(far.error.code, 'PGRST200');
  assert.equal(far.error.hint, null);
});

test('PGRST201 for many-to-many and one-to-one in PostgREST words and order', async () => {
  const m2m = await db.from('products').select('categories(*)');
  assert.deepEqual(m2m.error, error('PGRST201', "Could not embed because more than one relationship was found for 'products' and 'categories'", [
    { cardinality: 'many-to-many', embedding: 'products with categories',
      relationship: 'featured_products using featured_products_product_id_fkey(product_id) and featured_products_category_id_fkey(category_id)' },
    { cardinality: 'many-to-many', embedding: 'products with categories',
      relationship: 'product_categories using product_categories_product_id_fkey(product_id) and product_categories_category_id_fkey(category_id)' },
  ], "Try changing 'categories' to one of the following: 'categories!featured_products', 'categories!product_categories'. Find the desired relationship in the 'details' key."));
  const o2o = await db.from('user_settings').select('users(*)');
  assert.deepEqual(o2o.error.details, [
    { cardinality: 'many-to-one', embedding: 'user_settings with users',
      relationship: 'user_settings_backup_fkey using user_settings(backup) and users(username)' },
    { cardinality: 'one-to-one', embedding: 'user_settings with users',
      relationship: 'user_settings_username_fkey using user_settings(username) and users(username)' },
  ]);
});

// PostgREST's operators: rangeGte is nxl (`&>`, does not extend to the left of), rangeLte is nxr (`&<`).
test('every range filter returns the rows PostgreSQL\'s range operator selects, as PostgREST', async () => {
  const names = async (build) => {
    const { data, error: failed } = await build(db.from('age_ranges').select('username')).order('username');
    assert.equal(failed, null);
    return data.map((row) => row.username);
  };
  assert.deepEqual(await names((q) => q.rangeLt('age_range', '[2,25)')), ['supabot']);
  assert.deepEqual(await names((q) => q.rangeGt('age_range', '[2,25)')), ['awailas', 'kiwicopple']);
  assert.deepEqual(await names((q) => q.rangeGte('age_range', '[2,25)')), ['awailas', 'dragarcia', 'kiwicopple']);
  assert.deepEqual(await names((q) => q.rangeLte('age_range', '[2,25)')), ['supabot']);
  assert.deepEqual(await names((q) => q.rangeAdjacent('age_range', '[2,25)')), ['awailas', 'kiwicopple', 'supabot']);
  assert.deepEqual(await names((q) => q.overlaps('age_range', '[2,25)')), ['dragarcia']);
  assert.deepEqual(await names((q) => q.contains('age_range', '[26,28)')), ['awailas', 'dragarcia', 'kiwicopple']);
  assert.deepEqual(await names((q) => q.containedBy('age_range', '[1,30)')), ['dragarcia', 'supabot']);
  assert.deepEqual(await names((q) => q.not('age_range', 'nxl', '[2,25)')), ['supabot']);
  assert.deepEqual(await names((q) => q.filter('age_range', 'nxr', '[2,25)')), ['supabot']);
});

// PostgREST reads the root table under its own name and an embedded one as <table>_<depth>: plans show those.
test('explain() names the tables read, as PostgREST\'s plans do', async () => {
  const { data, error: failed } = await db.from('users').select('username, user_profiles(id)').explain();
  assert.equal(failed, null);
  assert.match(data, /Seq Scan on users {2}\(/);
  assert.match(data, /Scan on user_profiles user_profiles_1 {2}\(/);
  assert.doesNotMatch(data, /pgrst_\d/);
});

test('a table with a column of its own name reads and computes under its own name', async () => {
  const { data, error: failed } = await db.from('labels').select('id, labels, shouted').gte('labels', 'l').order('id');
  assert.equal(failed, null);
  assert.deepEqual(data, [{ id: 1, labels: 'root', shouted: 'ROOT' }, { id: 2, labels: 'leaf', shouted: 'LEAF' }]);
});
