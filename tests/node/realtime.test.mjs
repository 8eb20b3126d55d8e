// Realtime through the real supabase-js client: postgres_changes under RLS, filters, token refresh, heartbeats,
// broadcast and presence between two clients, and two gateway processes on one database.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { closeClients, inbox, newClient, sleep, sql, subscribed, userToken } from './realtime-support.mjs'

const { GATEWAY_URL, GATEWAY_URL_2 } = process.env
const { USER_A, USER_B, COMPANY_A } = process.env

after(closeClients)

async function watchTickets(token, filter, url = GATEWAY_URL) {
  const client = newClient(url)
  if (token) client.realtime.setAuth(token)
  const box = inbox()
  const spec = { event: '*', schema: 'public', table: 'tickets', ...(filter ? { filter } : {}) }
  const channel = client.channel(`tickets-${Math.random()}`).on('postgres_changes', spec, (p) => box.push(p))
  await subscribed(channel)
  return { client, channel, box }
}

function insertTicket(title, priority = 'medium') {
  return sql('insert into public.tickets (title, company_id, priority) values (%s, %s, %s) returning id',
    title, COMPANY_A, priority)
}

test('insert, update and delete reach the member and not a user of another company', async () => {
  const alice = await watchTickets(userToken(USER_A))
  const bob = await watchTickets(userToken(USER_B))
  const id = insertTicket('Broken badge reader')
  const inserted = await alice.box.next((p) => p.eventType === 'INSERT' && p.new.id === id)
  assert.equal(inserted.new.title, 'Broken badge reader')
  assert.equal(inserted.schema, 'public')
  assert.equal(inserted.table, 'tickets')

  sql('update public.tickets set status = %s where id = %s returning id', 'in-progress', id)
  const updated = await alice.box.next((p) => p.eventType === 'UPDATE' && p.new.id === id)
  assert.equal(updated.new.status, 'in-progress')
  assert.deepEqual(updated.old, { id })

  sql('delete from public.tickets where id = %s returning id', id)
  const deleted = await alice.box.next((p) => p.eventType === 'DELETE' && p.old.id === id)
  assert.deepEqual(deleted.new, {})

  await sleep(800)
  assert.equal(bob.box.items.length, 0)
})

test('a filter delivers only matching rows', async () => {
  const alice = await watchTickets(userToken(USER_A), 'priority=eq.high')
  insertTicket('Low priority', 'low')
  const high = insertTicket('High priority', 'high')
  const got = await alice.box.next((p) => p.eventType === 'INSERT')
  assert.equal(got.new.id, high)
  await sleep(500)
  assert.equal(alice.box.items.length, 1)
})

test('setAuth with a new token re-authorises a joined channel', async () => {
  const watcher = await watchTickets(null)
  insertTicket('Not for anon')
  await sleep(600)
  assert.equal(watcher.box.items.length, 0)
  await watcher.client.realtime.setAuth(userToken(USER_A))
  await sleep(300)
  const id = insertTicket('For alice after refresh')
  const got = await watcher.box.next((p) => p.new.id === id)
  assert.equal(got.eventType, 'INSERT')
})

test('heartbeats are answered', async () => {
  const statuses = []
  const client = newClient(GATEWAY_URL, { heartbeatIntervalMs: 300, heartbeatCallback: (s) => statuses.push(s) })
  await subscribed(client.channel('heartbeat-room'))
  await sleep(1000)
  assert.ok(statuses.includes('ok'), `heartbeat statuses: ${statuses}`)
  assert.ok(!statuses.includes('timeout'))
})

test('broadcast and presence between two clients', async () => {
  const room = `room-${Math.random()}`
  const first = newClient()
  const second = newClient()
  const heard = inbox()
  const joins = inbox()
  const a = first.channel(room, { config: { broadcast: { ack: true }, presence: { key: 'first' } } })
  const b = second.channel(room, { config: { presence: { key: 'second' } } })
  b.on('broadcast', { event: 'cursor' }, (message) => heard.push(message))
  b.on('presence', { event: 'join' }, (event) => joins.push(event))
  await subscribed(a)
  await subscribed(b)

  assert.equal(await a.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } }), 'ok')
  const message = await heard.next()
  assert.deepEqual(message.payload, { x: 1, y: 2 })

  assert.equal(await a.track({ status: 'online' }), 'ok')
  const joined = await joins.next((event) => event.key === 'first')
  assert.equal(joined.newPresences[0].status, 'online')
  assert.deepEqual(Object.keys(b.presenceState()), ['first'])
})

test('two gateway processes on one database deliver to each other', { skip: !GATEWAY_URL_2 }, async () => {
  const far = await watchTickets(userToken(USER_A), null, GATEWAY_URL_2)
  const id = insertTicket('Through either process')
  assert.equal((await far.box.next((p) => p.new.id === id)).eventType, 'INSERT')

  const room = `cross-${Math.random()}`
  const heard = inbox()
  const listener = newClient(GATEWAY_URL_2).channel(room)
  listener.on('broadcast', { event: 'hello' }, (message) => heard.push(message))
  await subscribed(listener)
  const speaker = newClient(GATEWAY_URL).channel(room)
  await subscribed(speaker)
  await speaker.send({ type: 'broadcast', event: 'hello', payload: { from: 'gateway 1' } })
  assert.deepEqual((await heard.next()).payload, { from: 'gateway 1' })
})
