// The profile page (tests/compat/apps/profiles, the user-management example's shape) through supabase-js:
// magic-link sign-in with the link from the development mailbox, the account form's upsert, unique usernames.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { closeClients, newClient, uniqueEmail, GATEWAY_URL } from './support.mjs'

after(closeClients)

const REDIRECT = 'http://127.0.0.1:3000/account'

async function mailbox(email) {
  const response = await fetch(`${GATEWAY_URL}/_dev/mailbox/api/messages?to=${encodeURIComponent(email)}`)
  assert.equal(response.status, 200)
  return (await response.json()).messages
}

// The link of the newest mail to `email`, once there are more than `before` of them.
async function mailedLink(email, before) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const messages = await mailbox(email)
    if (messages.length > before) return messages[0].links[0]
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no new mail for ${email}`)
}

// What the browser does with the link: follow it to the app, which reads the session from the URL fragment.
async function signInWithMagicLink(email, fullName) {
  const client = newClient()
  const before = (await mailbox(email)).length
  const { error } = await client.auth.signInWithOtp(
    { email, options: { emailRedirectTo: REDIRECT, data: { full_name: fullName } } })
  assert.equal(error, null)
  const link = await mailedLink(email, before)
  assert.ok(link.startsWith(`${GATEWAY_URL}/auth/v1/verify?`), link)
  const response = await fetch(link, { redirect: 'manual' })
  assert.equal(response.status, 303)
  const location = new URL(response.headers.get('location'))
  assert.equal(`${location.origin}${location.pathname}`, REDIRECT)
  const fragment = new URLSearchParams(location.hash.slice(1))
  const { data, error: sessionError } = await client.auth.setSession({
    access_token: fragment.get('access_token'), refresh_token: fragment.get('refresh_token'),
  })
  assert.equal(sessionError, null)
  return { client, user: data.user, type: fragment.get('type') }
}

async function saveProfile(client, user, fields) {
  return client.from('profiles').upsert({ id: user.id, updated_at: new Date().toISOString(), ...fields })
}

test('a magic link signs a new user in, the trigger makes their profile and the account form saves it', async () => {
  const email = uniqueEmail('ada')
  const { client, user } = await signInWithMagicLink(email, 'Ada Lovelace')
  assert.equal(user.email, email)

  const { data: made } = await client.from('profiles').select('full_name, username, website, avatar_url')
    .eq('id', user.id).single()
  assert.deepEqual(made, { full_name: 'Ada Lovelace', username: null, website: null, avatar_url: null })

  const username = `ada_${user.id.slice(0, 8)}`
  const { error, status } = await saveProfile(client, user, {
    full_name: 'Ada King', username, website: 'https://example.com', avatar_url: `${user.id}-0.5.png`,
  })
  assert.equal(error, null)
  assert.equal(status, 200) // an upsert that only updated (the trigger made the row), as PostgREST 14 answers
  const { data: saved } = await client.from('profiles').select('full_name, username, website, avatar_url')
    .eq('id', user.id).single()
  assert.deepEqual(saved, { full_name: 'Ada King', username, website: 'https://example.com',
    avatar_url: `${user.id}-0.5.png` })

  const { data: seenByAnyone } = await newClient().from('profiles').select('username').eq('id', user.id)
  assert.deepEqual(seenByAnyone, [{ username }], 'public profiles are viewable by everyone')
})

test('a new address gets the signup confirmation (confirmations are on), then magic links', async () => {
  const email = uniqueEmail('grace')
  const first = await signInWithMagicLink(email, 'Grace Hopper')
  const second = await signInWithMagicLink(email, 'Grace Hopper')
  assert.equal(first.type, 'signup')
  assert.equal(second.type, 'magiclink')
  assert.equal(second.user.id, first.user.id)
})

test('a taken username is a unique violation, a short one breaks username_length', async () => {
  const first = await signInWithMagicLink(uniqueEmail('first'), 'First')
  const second = await signInWithMagicLink(uniqueEmail('second'), 'Second')
  const username = `taken_${first.user.id.slice(0, 8)}`
  assert.equal((await saveProfile(first.client, first.user, { username })).error, null)

  const clash = await saveProfile(second.client, second.user, { username })
  assert.equal(clash.status, 409)
  assert.equal(clash.error.code, '23505')
  assert.equal(clash.error.message, 'duplicate key value violates unique constraint "profiles_username_key"')
  // PostgreSQL withholds "Key (username)=(...) already exists." on a table under row level security.
  assert.equal(clash.error.details, null)

  const short = await saveProfile(second.client, second.user, { username: 'ab' })
  assert.equal(short.status, 400)
  assert.equal(short.error.code, '23514')
  assert.equal(short.error.message, 'new row for relation "profiles" violates check constraint "username_length"')
})

test('a user cannot write another user\'s profile', async () => {
  const owner = await signInWithMagicLink(uniqueEmail('owner'), 'Owner')
  const intruder = await signInWithMagicLink(uniqueEmail('intruder'), 'Intruder')
  const { error, status } = await saveProfile(intruder.client, owner.user, { full_name: 'Defaced' })
  assert.equal(status, 403)
  assert.equal(error.code, '42501')
  const { data } = await owner.client.from('profiles').select('full_name').eq('id', owner.user.id).single()
  assert.equal(data.full_name, 'Owner')
})
