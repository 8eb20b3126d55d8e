// The custom access token hook of Supabase's RBAC guide, end to end with the real @supabase/supabase-js:
// a plpgsql hook adds `user_role` from public.user_roles to every token, and a policy reads it via auth.jwt().
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const { GATEWAY_URL, ANON_KEY, SERVICE_ROLE_KEY } = process.env

function memoryStorage() {
  const items = new Map()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, value),
    removeItem: (key) => items.delete(key),
  }
}

function newClient(key = ANON_KEY) {
  return createClient(GATEWAY_URL, key, {
    realtime: { transport: ws },
    auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: key === ANON_KEY, detectSessionInUrl: false },
  })
}

function claimsOf(session) {
  return JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString())
}

async function signedIn(admin, email, role) {
  const { data, error } = await admin.auth.admin.createUser({ email, password: 'rbac-secret-1', email_confirm: true })
  assert.equal(error, null)
  if (role) {
    const inserted = await admin.from('user_roles').insert({ user_id: data.user.id, role })
    assert.equal(inserted.error, null)
  }
  const client = newClient()
  const signIn = await client.auth.signInWithPassword({ email, password: 'rbac-secret-1' })
  assert.equal(signIn.error, null)
  return { client, session: signIn.data.session }
}

test('role claims come from the hook and drive policies', async () => {
  const admin = newClient(SERVICE_ROLE_KEY)
  const channel = await admin.from('channels').insert({ slug: 'general' }).select().single()
  assert.equal(channel.error, null)

  const member = await signedIn(admin, 'member@example.com', null)
  const moderator = await signedIn(admin, 'moderator@example.com', 'admin')
  assert.equal(claimsOf(member.session).user_role, null)
  assert.equal(claimsOf(moderator.session).user_role, 'admin')
  assert.equal(claimsOf(moderator.session).role, 'authenticated')

  const visible = await member.client.from('channels').select('slug')
  assert.deepEqual(visible.data, [{ slug: 'general' }])
  const refused = await member.client.from('channels').delete().eq('id', channel.data.id).select()
  assert.equal(refused.error, null)
  assert.deepEqual(refused.data, [], 'a member cannot delete a channel')

  const moderatorView = await moderator.client.from('moderator_notes').select('note')
  assert.deepEqual(moderatorView.data, [{ note: 'only for admins' }])
  const memberView = await member.client.from('moderator_notes').select('note')
  assert.deepEqual(memberView.data, [])

  const deleted = await moderator.client.from('channels').delete().eq('id', channel.data.id).select()
  assert.equal(deleted.error, null)
  assert.equal(deleted.data.length, 1, 'an admin deletes it')
})

test('a refreshed token carries the role the user has now', async () => {
  const admin = newClient(SERVICE_ROLE_KEY)
  const promoted = await signedIn(admin, 'promoted@example.com', null)
  assert.equal(claimsOf(promoted.session).user_role, null)
  const { data: users } = await admin.auth.admin.listUsers()
  const id = users.users.find((u) => u.email === 'promoted@example.com').id
  assert.equal((await admin.from('user_roles').insert({ user_id: id, role: 'moderator' })).error, null)
  const refreshed = await promoted.client.auth.refreshSession()
  assert.equal(refreshed.error, null)
  assert.equal(claimsOf(refreshed.data.session).user_role, 'moderator')
  const { data } = await promoted.client.auth.getUser()
  assert.equal(data.user.email, 'promoted@example.com')
})
