// The admin API through the real supabase-js (service-role client): inviteUserByEmail and the invite mail, both
// ways of accepting it, and listing and deleting a user's MFA factors.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const { GATEWAY_URL, ANON_KEY, SERVICE_ROLE_KEY, SITE_URL } = process.env
const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws },
}
const admin = createClient(GATEWAY_URL, SERVICE_ROLE_KEY, options).auth.admin
const anon = () => createClient(GATEWAY_URL, ANON_KEY, options)

async function latestMail(to) {
  const response = await fetch(`${GATEWAY_URL}/_dev/mailbox/api/messages?to=${encodeURIComponent(to)}`)
  const { messages } = await response.json()
  assert.ok(messages.length > 0, `no mail for ${to}`)
  return messages[0]
}

test('inviteUserByEmail creates the user, marks it invited and mails a link that signs it in', async () => {
  const email = `invitee-${Date.now()}@example.com`
  const { data, error } = await admin.inviteUserByEmail(email, { data: { team: 'blue' }, redirectTo: `${SITE_URL}/welcome` })
  assert.equal(error, null)
  assert.equal(data.user.email, email)
  assert.ok(data.user.invited_at, 'invited_at is set')
  assert.equal(data.user.email_confirmed_at ?? null, null)
  assert.deepEqual(data.user.user_metadata, { team: 'blue' })

  const mail = await latestMail(email)
  assert.equal(mail.subject, 'You have been invited')
  const link = mail.links.find((l) => l.includes('/auth/v1/verify'))
  assert.match(link, /type=invite/)
  const followed = await fetch(link, { redirect: 'manual' })
  assert.equal(followed.status, 303)
  const location = followed.headers.get('location')
  assert.ok(location.startsWith(`${SITE_URL}/welcome#`), location)
  assert.equal(new URLSearchParams(location.split('#')[1]).get('type'), 'invite')

  const again = await admin.inviteUserByEmail(email)
  assert.equal(again.error.status, 422)
  assert.equal(again.error.code, 'email_exists')
})

test('an invite is accepted with verifyOtp type invite and the mailed code', async () => {
  const email = `invite-code-${Date.now()}@example.com`
  assert.equal((await admin.inviteUserByEmail(email)).error, null)
  const code = (await latestMail(email)).text.split('Or enter this code: ')[1].split(/\s/)[0]
  const { data, error } = await anon().auth.verifyOtp({ email, token: code, type: 'invite' })
  assert.equal(error, null)
  assert.equal(data.user.email, email)
  assert.ok(data.user.email_confirmed_at)
  assert.ok(data.session.access_token)
})

test('admin.mfa lists and deletes a user\'s factors', async () => {
  const email = `factors-${Date.now()}@example.com`
  const { data: created } = await admin.createUser({ email, password: 'correct horse', email_confirm: true })
  const client = anon()
  assert.equal((await client.auth.signInWithPassword({ email, password: 'correct horse' })).error, null)
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' })
  assert.equal(enrolled.error, null)

  const listed = await admin.mfa.listFactors({ userId: created.user.id })
  assert.equal(listed.error, null)
  assert.deepEqual(listed.data.factors.map((f) => [f.id, f.factor_type, f.friendly_name, f.status]),
    [[enrolled.data.id, 'totp', 'phone', 'unverified']])

  const deleted = await admin.mfa.deleteFactor({ userId: created.user.id, id: enrolled.data.id })
  assert.equal(deleted.error, null)
  // auth-js wraps the deleted factor once more: { data: { data: factor, error: null } }
  assert.equal(deleted.data.data.id, enrolled.data.id)
  assert.deepEqual((await admin.mfa.listFactors({ userId: created.user.id })).data.factors, [])

  const missing = await admin.mfa.deleteFactor({ userId: created.user.id, id: enrolled.data.id })
  assert.equal(missing.error.status, 404)
  assert.equal(missing.error.code, 'mfa_factor_not_found')
})
