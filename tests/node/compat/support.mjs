// What the compatibility apps' tests share: a supabase-js client as an app makes one, a signed-up user, token
// claims, and a collector for realtime payloads.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

export { inbox, subscribed } from '../realtime-support.mjs'

export const { GATEWAY_URL, ANON_KEY, SERVICE_ROLE_KEY } = process.env

const clients = []

export function newClient(key = ANON_KEY) {
  // Node 20 has no global WebSocket: realtime-js takes `ws` as its transport.
  const client = createClient(GATEWAY_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws },
  })
  clients.push(client)
  return client
}

// Only clients that joined a channel: removeAllChannels() on a socket never opened waits 10 s for its close.
export async function closeClients() {
  for (const client of clients.splice(0)) {
    if (client.getChannels().length) await client.removeAllChannels()
  }
}

export function uniqueEmail(local) {
  const [name, tag] = local.split('+')
  const suffix = randomUUID().slice(0, 8)
  return tag ? `${name}-${suffix}+${tag}@example.com` : `${name}-${suffix}@example.com`
}

// Signs up with a password (the app's config confirms nothing), returning the signed-in client and its user.
export async function signUp(local, password = 'correct horse 42') {
  const client = newClient()
  const email = uniqueEmail(local)
  const { data, error } = await client.auth.signUp({ email, password })
  assert.equal(error, null)
  assert.ok(data.session, 'sign-up returns a session when confirmations are off')
  return { client, user: data.user, session: data.session, email, password }
}

export function claims(accessToken) {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString())
}
