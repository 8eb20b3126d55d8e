// The chat app (tests/compat/apps/chat, the slack-clone example's shape) through supabase-js, making the calls
// its Store does: roles from the custom access token hook, role-based deletes, live messages for two clients.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { claims, closeClients, inbox, newClient, signUp, subscribed, SERVICE_ROLE_KEY } from './support.mjs'

after(closeClients)

async function channelId(client, slug) {
  const { data, error } = await client.from('channels').select('id').eq('slug', slug).single()
  assert.equal(error, null)
  return data.id
}

async function post(member, channel_id, message) {
  const { data, error } = await member.client.from('messages')
    .insert([{ message, channel_id, user_id: member.user.id }]).select()
  assert.equal(error, null)
  return data[0]
}

test('the seed made the channels and their first messages, with their author', async () => {
  const { client } = await signUp('reader')
  const { data: channels, error } = await client.from('channels').select('*').order('id')
  assert.equal(error, null)
  assert.deepEqual(channels.map((c) => c.slug), ['public', 'random'])
  const { data: messages } = await client.from('messages').select('*, author:user_id(*)')
    .eq('channel_id', channels[0].id).order('inserted_at', { ascending: true })
  assert.equal(messages[0].message, 'Hello World 👋')
  assert.equal(messages[0].author.username, 'supabot+supaadmin@example.com')
  const { data: me } = await client.from('users').select('username')
  assert.ok(me.some((u) => u.username.startsWith('reader-')), 'handle_new_user made a public.users row')
})

test('the access token carries the user_role claim the hook sets, on sign-in and on refresh', async () => {
  const moderator = await signUp('mod+supamod')
  const plain = await signUp('plain')
  assert.equal(claims(moderator.session.access_token).user_role, 'moderator')
  const plainClaims = claims(plain.session.access_token)
  assert.ok('user_role' in plainClaims, 'the hook sets user_role to null for a user without a role')
  assert.equal(plainClaims.user_role, null)
  assert.equal(plainClaims.role, 'authenticated')
  assert.equal(plainClaims.sub, plain.user.id)

  const { data: signedIn } = await newClient().auth.signInWithPassword(
    { email: moderator.email, password: moderator.password })
  assert.equal(claims(signedIn.session.access_token).user_role, 'moderator')

  // A role granted later shows in the next token.
  const service = newClient(SERVICE_ROLE_KEY)
  const { error } = await service.from('user_roles').insert({ user_id: plain.user.id, role: 'admin' })
  assert.equal(error, null)
  const { data: refreshed } = await plain.client.auth.refreshSession()
  assert.equal(claims(refreshed.session.access_token).user_role, 'admin')
})

test('the roles the hook reads stay hidden from the API', async () => {
  const moderator = await signUp('hidden+supamod')
  const { data, error } = await moderator.client.from('user_roles').select('role')
  assert.equal(data, null)
  assert.equal(error.code, '42501')
})

test('a moderator deletes anyone\'s message; a plain user deletes only their own', async () => {
  const moderator = await signUp('mod+supamod')
  const plain = await signUp('plain')
  const general = await channelId(plain.client, 'public')
  const fromPlain = await post(plain, general, 'a message a moderator will remove')
  const fromModerator = await post(moderator, general, 'a plain user cannot remove this')

  const refused = await plain.client.from('messages').delete().match({ id: fromModerator.id }).select()
  assert.equal(refused.error, null)
  assert.deepEqual(refused.data, [], 'RLS leaves the other user\'s message alone')
  const { data: still } = await plain.client.from('messages').select('id').eq('id', fromModerator.id)
  assert.equal(still.length, 1)

  const removed = await moderator.client.from('messages').delete().match({ id: fromPlain.id }).select()
  assert.equal(removed.error, null)
  assert.deepEqual(removed.data.map((m) => m.id), [fromPlain.id], 'messages.delete lets the moderator delete it')
})

test('an admin deletes any channel; a moderator cannot', async () => {
  const owner = await signUp('owner')
  const moderator = await signUp('mod+supamod')
  const admin = await signUp('boss+supaadmin')
  assert.equal(claims(admin.session.access_token).user_role, 'admin')
  const slug = `room-${owner.user.id.slice(0, 8)}`
  const { data: created, error } = await owner.client.from('channels')
    .insert([{ slug, created_by: owner.user.id }]).select()
  assert.equal(error, null)
  await post(owner, created[0].id, 'goes with the channel')

  const refused = await moderator.client.from('channels').delete().match({ id: created[0].id }).select()
  assert.deepEqual(refused.data, [])
  const removed = await admin.client.from('channels').delete().match({ id: created[0].id }).select()
  assert.equal(removed.error, null)
  assert.deepEqual(removed.data.map((c) => c.slug), [slug], 'channels.delete lets the admin delete it')
  const { data: orphans } = await owner.client.from('messages').select('id').eq('channel_id', created[0].id)
  assert.deepEqual(orphans, [])
})

test('new and deleted messages reach two signed-in clients through the supabase_realtime publication', async () => {
  const alice = await signUp('alice')
  const bob = await signUp('bob')
  const general = await channelId(alice.client, 'public')
  const watchers = []
  for (const member of [alice, bob]) {
    const box = inbox()
    const channel = member.client.channel('public:messages')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, (payload) => box.push(payload))
    await subscribed(channel)
    watchers.push(box)
  }

  const message = await post(bob, general, 'hello from bob')
  for (const box of watchers) {
    const inserted = await box.next((p) => p.eventType === 'INSERT' && p.new.id === message.id)
    assert.equal(inserted.new.message, 'hello from bob')
    assert.equal(inserted.new.user_id, bob.user.id)
    assert.equal(inserted.table, 'messages')
  }

  const { error } = await bob.client.from('messages').delete().match({ id: message.id })
  assert.equal(error, null)
  for (const box of watchers) {
    const deleted = await box.next((p) => p.eventType === 'DELETE' && p.old.id === message.id)
    assert.equal(deleted.schema, 'public')
  }
})
