// Deno edge functions through supabase-js `functions.invoke`, as a Supabase app calls them.
// Env: GATEWAY_URL, ANON_KEY, SERVICE_ROLE_KEY, RUN (unique per run), DB_NAME and DB_PORT (the test database over TCP).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createClient, FunctionsHttpError } from '@supabase/supabase-js'
import ws from 'ws'

const { GATEWAY_URL, ANON_KEY, SERVICE_ROLE_KEY, RUN, DB_NAME, DB_PORT, DB_USER } = process.env
// Node 20 has no WebSocket; supabase-js's realtime client needs one even when only functions are used.
const options = { auth: { persistSession: false }, realtime: { transport: ws } }
const anon = createClient(GATEWAY_URL, ANON_KEY, options)

async function signedIn(name) {
  const admin = createClient(GATEWAY_URL, SERVICE_ROLE_KEY, options)
  const email = `${name}-${RUN}@example.com`
  const { error } = await admin.auth.admin.createUser({ email, password: 'deno-tasks-1', email_confirm: true })
  assert.equal(error, null)
  const client = createClient(GATEWAY_URL, ANON_KEY, options)
  const { error: signInError } = await client.auth.signInWithPassword({ email, password: 'deno-tasks-1' })
  assert.equal(signInError, null)
  return client
}

test('invoke hands the body, method and headers to the function', async () => {
  const { data, error } = await anon.functions.invoke('echo', { body: { name: 'Functions' }, headers: { 'x-custom': 'js' } })
  assert.equal(error, null)
  assert.equal(data.method, 'POST')
  assert.equal(data.pathname, '/echo')
  assert.equal(data.custom, 'js')
  assert.deepEqual(JSON.parse(data.body), { name: 'Functions' })
})

test('a router function does CRUD under RLS with each caller\'s JWT', async () => {
  const [alice, bob] = [await signedIn('alice'), await signedIn('bob')]
  const created = await alice.functions.invoke('tasks', { body: { title: 'alice task' } })
  assert.equal(created.error, null)
  assert.equal(created.data.title, 'alice task')
  const bobs = await bob.functions.invoke('tasks', { body: { title: 'bob task' } })
  assert.equal(bobs.error, null)

  const aliceList = await alice.functions.invoke('tasks', { method: 'GET' })
  assert.deepEqual(aliceList.data.map((t) => t.title), ['alice task'])
  const bobList = await bob.functions.invoke('tasks', { method: 'GET' })
  assert.deepEqual(bobList.data.map((t) => t.title), ['bob task'])

  const own = await alice.functions.invoke(`tasks/${created.data.id}`, { method: 'GET' })
  assert.deepEqual(own.data, created.data)
  const other = await bob.functions.invoke(`tasks/${created.data.id}`, { method: 'GET' })
  assert.ok(other.error instanceof FunctionsHttpError)
  assert.equal(other.error.context.status, 404)
})

test('a function on std\'s older serve() answers invoke unchanged', async () => {
  const { data, error } = await anon.functions.invoke('std-serve', { body: { name: 'js' }, headers: { 'x-custom': 'js' } })
  assert.equal(error, null)
  assert.deepEqual(data, { message: 'Hello js!', method: 'POST', pathname: '/std-serve', custom: 'js' })
  const got = await anon.functions.invoke('std-serve/greet?name=get', { method: 'GET' })
  assert.equal(got.error, null)
  assert.equal(got.data.message, 'Hello get!')
})

test('plain fetch reads a std serve() stream chunk by chunk', async () => {
  const response = await fetch(`${GATEWAY_URL}/functions/v1/std-serve/stream?count=3`, {
    headers: { Authorization: `Bearer ${ANON_KEY}` },
  })
  assert.equal(response.status, 200)
  const decoder = new TextDecoder()
  const arrivals = []
  for await (const chunk of response.body) arrivals.push({ at: Date.now(), text: decoder.decode(chunk) })
  const lines = arrivals.map((a) => a.text).join('').trim().split('\n')
  assert.deepEqual(lines.map((line) => line.split(' ').slice(0, 2).join(' ')), ['line 0', 'line 1', 'line 2'])
  // 300 ms between lines: a buffered answer would arrive at once.
  assert.ok(arrivals.at(-1).at - arrivals[0].at > 400, JSON.stringify(arrivals))
})

test('a function that cannot boot is a FunctionsHttpError 503 BOOT_ERROR', async () => {
  const { error } = await anon.functions.invoke('broken', { body: {} })
  assert.ok(error instanceof FunctionsHttpError)
  assert.equal(error.context.status, 503)
  assert.deepEqual(await error.context.json(), { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' })
})

test('a Postgres driver connects over SUPABASE_DB_URL', async () => {
  const { data, error } = await anon.functions.invoke('pg-driver', { method: 'GET' })
  assert.equal(error, null)
  assert.deepEqual(data, { user: DB_USER, port: Number(DB_PORT), db: DB_NAME })
})
