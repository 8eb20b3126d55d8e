// Broadcast from Database through the real supabase-js: a trigger calling realtime.broadcast_changes sends each
// change of public.board_notes to the private topic `company:<id>`, which realtime.messages' SELECT policy lets
// only that company's members hear, on either gateway process; a write that rolls back sends nothing; and
// realtime.send reaches public or private channels as it is asked.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { closeClients, inbox, newClient, sleep, sql, subscribed, userToken } from './realtime-support.mjs'

const { GATEWAY_URL, GATEWAY_URL_2, USER_A, USER_B, COMPANY_A, COMPANY_B } = process.env
const QUIET_MS = 1500
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

after(closeClients)

async function listen(topic, { token, url = GATEWAY_URL, isPrivate = true } = {}) {
  const client = newClient(url)
  if (token) client.realtime.setAuth(token)
  const box = inbox()
  await subscribed(client.channel(topic, { config: { private: isPrivate } })
    .on('broadcast', { event: '*' }, (message) => box.push(message)))
  return box
}

function addNote(company, body) {
  return sql('insert into public.board_notes (company_id, body) values (%s, %s) returning id', company, body)
}

test('a trigger\'s broadcast_changes reaches the members of the topic on both gateways, and no one else', async () => {
  const alice = await listen(`company:${COMPANY_A}`, { token: userToken(USER_A) })
  const aliceElsewhere = await listen(`company:${COMPANY_A}`, { token: userToken(USER_A), url: GATEWAY_URL_2 })
  const bob = await listen(`company:${COMPANY_B}`, { token: userToken(USER_B) })
  const publicNamesake = await listen(`company:${COMPANY_A}`, { isPrivate: false })
  await assert.rejects(listen(`company:${COMPANY_A}`, { token: userToken(USER_B) }),
    /Unauthorized: You do not have permissions to read from this Channel topic/)

  const id = Number(addNote(COMPANY_A, 'first'))
  for (const box of [alice, aliceElsewhere]) {
    const message = await box.next((m) => m.event === 'INSERT')
    assert.equal(message.type, 'broadcast')
    const { id: messageId, ...payload } = message.payload
    assert.match(messageId, UUID)
    assert.deepEqual(payload, {
      operation: 'INSERT', schema: 'public', table: 'board_notes', old_record: null,
      record: { id, company_id: COMPANY_A, body: 'first' },
    })
  }

  sql("update public.board_notes set body = 'edited' where id = %s", String(id))
  const updated = await alice.next((m) => m.event === 'UPDATE')
  assert.equal(updated.payload.old_record.body, 'first')
  assert.equal(updated.payload.record.body, 'edited')
  sql('delete from public.board_notes where id = %s', String(id))
  const deleted = await alice.next((m) => m.event === 'DELETE')
  assert.equal(deleted.payload.record, null)
  assert.deepEqual(deleted.payload.old_record, { id, company_id: COMPANY_A, body: 'edited' })

  await sleep(QUIET_MS)
  assert.deepEqual(alice.items.map((m) => m.event), ['INSERT', 'UPDATE', 'DELETE'])
  assert.deepEqual(bob.items, [])
  assert.deepEqual(publicNamesake.items, [])
})

test('a write that rolls back sends nothing', async () => {
  const alice = await listen(`company:${COMPANY_A}`, { token: userToken(USER_A) })
  assert.throws(() => sql(`with added as (insert into public.board_notes (company_id, body) values (%s, 'undone')
                             returning id) select 1 / (id - id) from added`, COMPANY_A), /division by zero/)
  addNote(COMPANY_A, 'kept')
  const first = await alice.next()
  assert.equal(first.payload.record.body, 'kept')
  await sleep(QUIET_MS)
  assert.deepEqual(alice.items.map((m) => m.payload.record.body), ['kept'])
})

test('realtime.send reaches a public topic with its id added to the payload, a private one only when asked', async () => {
  const lobby = await listen('lobby', { isPrivate: false })
  sql(`select realtime.send('{"text": "hello"}'::jsonb, 'shout', 'lobby', false)`)
  const message = await lobby.next()
  assert.equal(message.event, 'shout')
  assert.equal(message.payload.text, 'hello')
  assert.match(message.payload.id, UUID)
  sql(`select realtime.send('{"text": "for members", "id": "mine"}'::jsonb, 'shout', 'lobby')`)
  sql(`select realtime.send('{"text": "again"}'::jsonb, 'shout', 'lobby', false)`)
  const again = await lobby.next((m) => m.payload.text === 'again')
  assert.ok(again)
  assert.deepEqual(lobby.items.map((m) => m.payload.text), ['hello', 'again'])
})

test('a payload past NOTIFY\'s limit still arrives whole', async () => {
  const lobby = await listen('big-lobby', { isPrivate: false })
  sql(`select realtime.send(jsonb_build_object('text', repeat('x', 20000)), 'big', 'big-lobby', false)`)
  const message = await lobby.next()
  assert.equal(message.payload.text.length, 20000)
})
