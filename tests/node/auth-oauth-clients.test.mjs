// The OAuth 2.1 server's admin client API through the real supabase-js (auth.admin.oauth): register confidential
// and public clients, list (whole and paged), get, update, regenerate the secret, delete; GoTrue's errors; and the
// refusal of a caller without the service role.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const { GATEWAY_URL, ANON_KEY, SERVICE_ROLE_KEY } = process.env
const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws },
}
const oauth = createClient(GATEWAY_URL, SERVICE_ROLE_KEY, options).auth.admin.oauth

test('a confidential client is registered with a secret shown once, then read, changed and deleted', async () => {
  const created = await oauth.createClient({
    client_name: 'Partner portal',
    client_uri: 'https://partner.example.com',
    redirect_uris: ['https://partner.example.com/callback', 'http://localhost:3000/callback'],
  })
  assert.equal(created.error, null)
  const client = created.data
  assert.match(client.client_id, /^[0-9a-f-]{36}$/)
  assert.match(client.client_secret, /^[A-Za-z0-9_-]{43}$/)
  assert.equal(client.client_type, 'confidential')
  assert.equal(client.token_endpoint_auth_method, 'client_secret_basic')
  assert.deepEqual(client.grant_types, ['authorization_code', 'refresh_token'])
  assert.deepEqual(client.response_types, ['code'])
  assert.equal(client.registration_type, 'manual')
  assert.deepEqual(client.redirect_uris, ['https://partner.example.com/callback', 'http://localhost:3000/callback'])
  assert.equal(client.client_uri, 'https://partner.example.com')
  assert.equal('logo_uri' in client, false)

  const fetched = await oauth.getClient(client.client_id)
  assert.equal(fetched.error, null)
  const { client_secret: _secret, ...shown } = client
  assert.deepEqual(fetched.data, shown)

  const updated = await oauth.updateClient(client.client_id, {
    client_name: 'Partner portal v2', redirect_uris: ['myapp://callback'], token_endpoint_auth_method: 'client_secret_post',
  })
  assert.equal(updated.error, null)
  assert.equal(updated.data.client_name, 'Partner portal v2')
  assert.deepEqual(updated.data.redirect_uris, ['myapp://callback'])
  assert.equal(updated.data.token_endpoint_auth_method, 'client_secret_post')
  assert.equal(updated.data.client_uri, 'https://partner.example.com')
  assert.equal('client_secret' in updated.data, false)
  assert.ok(updated.data.updated_at >= client.updated_at)

  const regenerated = await oauth.regenerateClientSecret(client.client_id)
  assert.equal(regenerated.error, null)
  assert.match(regenerated.data.client_secret, /^[A-Za-z0-9_-]{43}$/)
  assert.notEqual(regenerated.data.client_secret, client.client_secret)

  assert.deepEqual(await oauth.deleteClient(client.client_id), { data: null, error: null })
  const gone = await oauth.getClient(client.client_id)
  assert.equal(gone.data, null)
  assert.equal(gone.error.status, 404)
  assert.equal(gone.error.code, 'oauth_client_not_found')
  assert.equal(gone.error.message, 'OAuth client not found')
})

test('a public client has no secret, uses "none", and cannot have a secret regenerated', async () => {
  const { data, error } = await oauth.createClient({ client_name: 'CLI', client_type: 'public',
    redirect_uris: ['http://127.0.0.1:8765/callback'] })
  assert.equal(error, null)
  assert.equal(data.client_type, 'public')
  assert.equal(data.token_endpoint_auth_method, 'none')
  assert.equal('client_secret' in data, false)

  const refused = await oauth.regenerateClientSecret(data.client_id)
  assert.equal(refused.error.status, 400)
  assert.equal(refused.error.code, 'validation_failed')
  assert.equal(refused.error.message, 'Cannot regenerate secret for public client')

  const wrongMethod = await oauth.updateClient(data.client_id, { token_endpoint_auth_method: 'client_secret_basic' })
  assert.equal(wrongMethod.error.status, 400)
  assert.equal(wrongMethod.error.message, "token_endpoint_auth_method 'client_secret_basic' is not valid for "
    + "client_type 'public'; valid methods: [none]")
})

test('listClients answers every client newest first, and pages with page and perPage', async () => {
  const names = ['first', 'second', 'third']
  const ids = []
  for (const name of names) {
    const { data } = await oauth.createClient({ client_name: `list-${name}`, redirect_uris: ['https://list.example/cb'] })
    ids.push(data.client_id)
  }
  const all = await oauth.listClients()
  assert.equal(all.error, null)
  const listed = all.data.clients.filter((c) => c.client_name?.startsWith('list-'))
  assert.deepEqual(listed.map((c) => c.client_id), [...ids].reverse())
  assert.ok(all.data.clients.every((c) => !('client_secret' in c)))

  const total = all.data.clients.length
  const first = await oauth.listClients({ page: 1, perPage: 1 })
  assert.equal(first.error, null)
  assert.equal(first.data.clients.length, 1)
  assert.equal(first.data.clients[0].client_id, all.data.clients[0].client_id)
  assert.equal(first.data.total, total)
  assert.equal(first.data.nextPage, 2)
  assert.equal(first.data.lastPage, total)
  const second = await oauth.listClients({ page: 2, perPage: 1 })
  assert.equal(second.data.clients[0].client_id, all.data.clients[1].client_id)
})

test('GoTrue\'s validation errors reach the client', async () => {
  const http = await oauth.createClient({ client_name: 'x', redirect_uris: ['http://example.com/cb'] })
  assert.equal(http.data, null)
  assert.equal(http.error.status, 400)
  assert.equal(http.error.code, 'validation_failed')
  assert.equal(http.error.message, "400: invalid redirect_uri 'http://example.com/cb': HTTP scheme only allowed for localhost")

  const none = await oauth.createClient({ client_name: 'x', redirect_uris: [] })
  assert.equal(none.error.message, '400: redirect_uris is required')

  const { data } = await oauth.createClient({ client_name: 'y', redirect_uris: ['https://y.example/cb'] })
  const emptied = await oauth.updateClient(data.client_id, { redirect_uris: [] })
  assert.equal(emptied.error.message, 'redirect_uris cannot be empty')
})

test('a caller without the service role is refused', async () => {
  const anon = createClient(GATEWAY_URL, ANON_KEY, options).auth.admin.oauth
  for (const call of [() => anon.listClients(), () => anon.createClient({ redirect_uris: ['https://a.example/cb'] })]) {
    const { error } = await call()
    assert.equal(error.status, 403)
    assert.equal(error.code, 'not_admin')
  }
})
