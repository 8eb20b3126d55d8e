// A project whose clients hold only the current keys (sb_publishable_…, sb_secret_…), with the real supabase-js:
// auth admin with the secret key, a user signed in through the publishable key reading only their rows under RLS,
// storage, realtime changes as the user may see them, and a revoked key refused.
// Env: GATEWAY_URL, PUBLISHABLE_KEY, OTHER_PUBLISHABLE_KEY, SECRET_KEY, REVOKED_KEY (see tests/keys/test_supabase_clients.py).
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const { GATEWAY_URL, PUBLISHABLE_KEY, OTHER_PUBLISHABLE_KEY, SECRET_KEY, REVOKED_KEY } = process.env
const clients = []
const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws } }

function client (key) {
  const made = createClient(GATEWAY_URL, key, options)
  clients.push(made)
  return made
}

after(async () => {
  for (const made of clients) await made.removeAllChannels()
})

const admin = client(SECRET_KEY)

async function signedIn (email, key = PUBLISHABLE_KEY) {
  const password = 'correct horse battery'
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true })
  assert.equal(created.error, null)
  const user = client(key)
  const { data, error } = await user.auth.signInWithPassword({ email, password })
  assert.equal(error, null)
  return { user, id: data.user.id }
}

function subscribed (channel) {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel)
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    })
  })
}

test('the secret key administers users; the publishable key cannot', async () => {
  const { data, error } = await admin.auth.admin.listUsers()
  assert.equal(error, null)
  assert.ok(Array.isArray(data.users))
  const refused = await client(PUBLISHABLE_KEY).auth.admin.listUsers()
  assert.equal(refused.error.status, 403)
})

test('a user signed in with a publishable key reads and writes only their own rows', async () => {
  const ann = await signedIn('ann.js@keys.example')
  const bob = await signedIn('bob.js@keys.example', OTHER_PUBLISHABLE_KEY)
  assert.equal((await ann.user.from('key_notes').insert({ body: 'ann js' })).error, null)
  assert.equal((await bob.user.from('key_notes').insert({ body: 'bob js' })).error, null)
  const mine = await ann.user.from('key_notes').select('body, owner')
  assert.deepEqual(mine.data, [{ body: 'ann js', owner: ann.id }])
  const theirs = await bob.user.from('key_notes').select('body')
  assert.deepEqual(theirs.data, [{ body: 'bob js' }])
  const anonymous = await client(PUBLISHABLE_KEY).from('key_notes').select('body')
  assert.deepEqual(anonymous.data, [])
  const all = await admin.from('key_notes').select('body').in('body', ['ann js', 'bob js']).order('body')
  assert.deepEqual(all.data, [{ body: 'ann js' }, { body: 'bob js' }])
})

test('storage: the secret key manages a private bucket the publishable key cannot read', async () => {
  assert.equal((await admin.storage.createBucket('js-keys', { public: false })).error, null)
  const uploaded = await admin.storage.from('js-keys').upload('hello.txt', new Blob(['hello'], { type: 'text/plain' }))
  assert.equal(uploaded.error, null)
  const downloaded = await admin.storage.from('js-keys').download('hello.txt')
  assert.equal(await downloaded.data.text(), 'hello')
  const signed = await admin.storage.from('js-keys').createSignedUrl('hello.txt', 60)
  assert.equal(await (await fetch(signed.data.signedUrl)).text(), 'hello')
  const refused = await client(PUBLISHABLE_KEY).storage.from('js-keys').download('hello.txt')
  assert.equal(refused.data, null)
  assert.notEqual(refused.error, null)
})

test('realtime: a signed-in user hears their own rows and not another user\'s, an anonymous client joins', async () => {
  const ann = await signedIn('ann.rt@keys.example')
  const bob = await signedIn('bob.rt@keys.example')
  ann.user.realtime.setAuth((await ann.user.auth.getSession()).data.session.access_token)
  const heard = []
  await subscribed(ann.user.channel('ann-notes').on('postgres_changes',
    { event: 'INSERT', schema: 'public', table: 'key_notes' }, (change) => heard.push(change.new.body)))
  await subscribed(client(PUBLISHABLE_KEY).channel('anon-notes').on('postgres_changes',
    { event: 'INSERT', schema: 'public', table: 'key_notes' }, () => {}))
  assert.equal((await bob.user.from('key_notes').insert({ body: 'bob rt' })).error, null)
  assert.equal((await ann.user.from('key_notes').insert({ body: 'ann rt' })).error, null)
  const deadline = Date.now() + 5000
  while (!heard.includes('ann rt') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  assert.deepEqual(heard, ['ann rt'])
})

test('a revoked key is refused everywhere it is checked', async () => {
  const revoked = client(REVOKED_KEY)
  const rows = await revoked.from('key_notes').select('body')
  assert.equal(rows.status, 401)
  const session = await revoked.auth.signInWithPassword({ email: 'ann.js@keys.example', password: 'correct horse battery' })
  assert.equal(session.error.status, 401)
  const { error } = await revoked.storage.from('js-keys').download('hello.txt')
  assert.notEqual(error, null)
})
