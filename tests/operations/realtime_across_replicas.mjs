// Realtime across the replicas behind nginx, with the real supabase-js of tests/node: subscribers connect until
// one is on each replica (nginx names the replica in X-Upstream, on the websocket's handshake as on any answer),
// then tickets are inserted through nginx until one was written by each replica; every subscriber must get every
// insert, so a change made through one replica reaches a subscriber on the other.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'

const require = createRequire(new URL('../node/package.json', import.meta.url))
const { createClient } = require('@supabase/supabase-js')
const WebSocket = require('ws')

const { CLUSTER_URL, ANON_KEY, EMAIL, PASSWORD, COMPANY_ID } = process.env
const ATTEMPTS = 12
const clients = []

after(async () => {
  for (const client of clients) await client.removeAllChannels()
})

// supabase-js's own websocket (ws), remembering which replica took the handshake.
function transportReporting(onUpstream) {
  return class extends WebSocket {
    constructor(...args) {
      super(...args)
      this.on('upgrade', (response) => onUpstream(response.headers['x-upstream']))
    }
  }
}

// supabase-js with a fetch that remembers which replica answered the last request.
async function signedInClient(transport) {
  const seen = { upstream: undefined }
  const fetchReporting = async (...args) => {
    const response = await fetch(...args)
    seen.upstream = response.headers.get('x-upstream')
    return response
  }
  const client = createClient(CLUSTER_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport },
    global: { fetch: fetchReporting },
  })
  clients.push(client)
  const { error } = await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD })
  assert.ifError(error)
  return { client, seen }
}

async function subscriber() {
  const handshake = {}
  const { client } = await signedInClient(transportReporting((upstream) => { handshake.upstream = upstream }))
  const received = []
  const channel = client.channel(`tickets-${Math.random()}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'tickets' }, (p) => received.push(p.new))
  await new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve()
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    })
  })
  assert.ok(handshake.upstream, 'nginx named no replica for the websocket')
  return { client, channel, received, upstream: handshake.upstream }
}

async function waitFor(condition, what, timeout = 10000) {
  const deadline = Date.now() + timeout
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

test('a ticket written through either replica reaches subscribers on both', async () => {
  const subscribers = new Map()
  for (let attempt = 0; attempt < ATTEMPTS && subscribers.size < 2; attempt++) {
    const candidate = await subscriber()
    if (subscribers.has(candidate.upstream)) await candidate.client.removeChannel(candidate.channel)
    else subscribers.set(candidate.upstream, candidate)
  }
  assert.equal(subscribers.size, 2, `all ${ATTEMPTS} websockets landed on ${[...subscribers.keys()]}`)

  const { client: writer, seen } = await signedInClient(WebSocket)
  const writes = new Map()
  for (let attempt = 0; attempt < ATTEMPTS && writes.size < 2; attempt++) {
    const { data, error } = await writer.from('tickets')
      .insert({ title: `Across replicas ${attempt}`, company_id: COMPANY_ID }).select('id').single()
    assert.ifError(error)
    if (!writes.has(seen.upstream)) writes.set(seen.upstream, data.id)
  }
  assert.deepEqual([...writes.keys()].sort(), [...subscribers.keys()].sort(), 'no write through each replica')

  for (const [writtenBy, id] of writes) {
    for (const [connectedTo, { received }] of subscribers) {
      await waitFor(() => received.some((row) => row.id === id),
        `ticket written through ${writtenBy} at the subscriber on ${connectedTo}`)
    }
  }
})
