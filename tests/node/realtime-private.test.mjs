// Private channels through the real supabase-js: RLS policies on realtime.messages (set up by the Python side)
// let every signed-in user read `members-only` and only USER_A send or track there.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { closeClients, inbox, newClient, sleep, subscribed, userToken } from './realtime-support.mjs'

const { USER_A, USER_B, SERVICE_ROLE_KEY, GATEWAY_URL } = process.env
const TOPIC = 'members-only'

after(closeClients)

async function join(token, topic = TOPIC, isPrivate = true) {
  const client = newClient()
  if (token) client.realtime.setAuth(token)
  const box = inbox()
  const channel = client.channel(topic, { config: { private: isPrivate, broadcast: { ack: true } } })
    .on('broadcast', { event: 'note' }, ({ payload }) => box.push(payload))
  await subscribed(channel)
  return { client, channel, box }
}

test('a caller no SELECT policy admits is refused with Realtime\'s error', async () => {
  await assert.rejects(join(null), (error) => {
    assert.match(error.message, /Unauthorized: You do not have permissions to read from this Channel topic: members-only/)
    return true
  })
})

test('only a sender the INSERT policy admits reaches the private channel, and public channels of that name hear nothing', async () => {
  const alice = await join(userToken(USER_A))
  const bob = await join(userToken(USER_B))
  const outsider = await join(userToken(USER_B), TOPIC, false)

  assert.equal(await alice.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'alice' } }), 'ok')
  assert.deepEqual(await bob.box.next((p) => p.from === 'alice'), { from: 'alice' })

  // Realtime drops a send its policy refuses without replying, so the acknowledged send times out.
  const refused = await bob.channel.send({ type: 'broadcast', event: 'note', payload: { from: 'bob' } }, { timeout: 1500 })
  assert.equal(refused, 'timed out')
  await sleep(500)
  assert.equal(alice.box.items.length, 0)
  assert.equal(outsider.box.items.length, 0)
})

test('presence: tracking needs the INSERT policy for the presence extension', async () => {
  const alice = await join(userToken(USER_A))
  const bob = await join(userToken(USER_B))
  assert.equal(await alice.channel.track({ name: 'alice' }), 'ok')
  assert.equal(await bob.channel.track({ name: 'bob' }), 'error')
})

test('REST broadcast to a private topic is delivered only for a caller allowed to send', async () => {
  const listener = await join(userToken(USER_B))
  const sender = (token, key) => {
    const client = newClient(GATEWAY_URL, {}, key)
    if (token) client.realtime.setAuth(token)
    return client.channel(TOPIC, { config: { private: true } })
  }
  // Not subscribed: supabase-js sends through POST /realtime/v1/api/broadcast with `private: true`.
  assert.equal(await sender(userToken(USER_B)).send({ type: 'broadcast', event: 'note', payload: { via: 'bob' } }), 'ok')
  assert.equal(await sender(userToken(USER_A)).send({ type: 'broadcast', event: 'note', payload: { via: 'alice' } }), 'ok')
  assert.equal(await sender(null, SERVICE_ROLE_KEY).httpSend('note', { via: 'service' }).then((r) => r.success), true)
  await listener.box.next((p) => p.via === 'alice')
  await listener.box.next((p) => p.via === 'service')
  await sleep(300)
  assert.equal(listener.box.items.some((p) => p.via === 'bob'), false)
})
