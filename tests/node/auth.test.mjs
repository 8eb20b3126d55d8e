// The site's auth flow with the real @supabase/supabase-js against a live gateway:
// sign up -> confirmation mail from the dev mailbox -> follow the link -> sign in -> refresh -> MFA -> aal2 -> sign out.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createClient } from '@supabase/supabase-js'
import crypto from 'node:crypto'
import ws from 'ws'

const { GATEWAY_URL, ANON_KEY } = process.env

function memoryStorage() {
  const items = new Map()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, value),
    removeItem: (key) => items.delete(key),
  }
}

function newClient(options = {}) {
  return createClient(GATEWAY_URL, ANON_KEY, {
    realtime: { transport: ws },
    auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: true, detectSessionInUrl: false, ...options },
  })
}

async function latestMail(to) {
  const response = await fetch(`${GATEWAY_URL}/_dev/mailbox/api/messages?to=${encodeURIComponent(to)}`)
  const { messages } = await response.json()
  assert.ok(messages.length > 0, `no mail for ${to}`)
  return messages[0]
}

// RFC 6238 TOTP (SHA1, 30 s, 6 digits), as an authenticator app computes it.
function totp(secret) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of secret.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const key = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30)))
  const digest = crypto.createHmac('sha1', key).update(counter).digest()
  const offset = digest[digest.length - 1] & 0xf
  const code = (digest.readUInt32BE(offset) & 0x7fffffff) % 1000000
  return code.toString().padStart(6, '0')
}

test('sign up, confirm by mail, sign in, refresh, MFA to aal2, sign out', async () => {
  const email = `node-${Date.now()}@example.com`
  const password = 'correct horse battery'
  const supabase = newClient()
  const events = []
  supabase.auth.onAuthStateChange((event) => events.push(event))

  const signUp = await supabase.auth.signUp({
    email, password, options: { emailRedirectTo: `${GATEWAY_URL}/`, data: { full_name: 'Node Tester' } },
  })
  assert.equal(signUp.error, null)
  assert.equal(signUp.data.session, null)
  assert.equal(signUp.data.user.user_metadata.full_name, 'Node Tester')

  const early = await supabase.auth.signInWithPassword({ email, password })
  assert.equal(early.error.code, 'email_not_confirmed')

  const mail = await latestMail(email)
  const link = mail.links.find((l) => l.includes('/auth/v1/verify'))
  const followed = await fetch(link, { redirect: 'manual' })
  assert.equal(followed.status, 303)
  const location = followed.headers.get('location')
  assert.ok(location.startsWith(`${GATEWAY_URL}/#access_token=`), location)

  const wrong = await supabase.auth.signInWithPassword({ email, password: 'not it at all' })
  assert.equal(wrong.error.code, 'invalid_credentials')
  assert.equal(wrong.error.status, 400)

  const signIn = await supabase.auth.signInWithPassword({ email, password })
  assert.equal(signIn.error, null)
  assert.equal(signIn.data.user.email, email)
  const { data: { session } } = await supabase.auth.getSession()
  assert.equal(session.access_token, signIn.data.session.access_token)
  const { data: { user } } = await supabase.auth.getUser()
  assert.equal(user.id, signIn.data.user.id)

  const refreshed = await supabase.auth.refreshSession()
  assert.equal(refreshed.error, null)
  assert.notEqual(refreshed.data.session.refresh_token, signIn.data.session.refresh_token)

  const updated = await supabase.auth.updateUser({ data: { full_name: 'Renamed' } })
  assert.equal(updated.data.user.user_metadata.full_name, 'Renamed')

  const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'laptop' })
  assert.equal(enrolled.error, null)
  assert.ok(enrolled.data.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg'))
  const before = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  assert.equal(before.data.currentLevel, 'aal1')

  const challenge = await supabase.auth.mfa.challenge({ factorId: enrolled.data.id })
  assert.equal(challenge.error, null)
  const badCode = await supabase.auth.mfa.verify({ factorId: enrolled.data.id, challengeId: challenge.data.id, code: '000000' === totp(enrolled.data.totp.secret) ? '111111' : '000000' })
  assert.equal(badCode.error.code, 'mfa_verification_failed')
  const verified = await supabase.auth.mfa.verify({
    factorId: enrolled.data.id, challengeId: challenge.data.id, code: totp(enrolled.data.totp.secret),
  })
  assert.equal(verified.error, null)
  const after = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  assert.equal(after.data.currentLevel, 'aal2')
  assert.equal(after.data.nextLevel, 'aal2')
  const factors = await supabase.auth.mfa.listFactors()
  assert.equal(factors.data.totp.length, 1)

  const signOut = await supabase.auth.signOut()
  assert.equal(signOut.error, null)
  const { data: { session: gone } } = await supabase.auth.getSession()
  assert.equal(gone, null)
  assert.ok(events.includes('SIGNED_IN'))
  assert.ok(events.includes('TOKEN_REFRESHED'))
  assert.ok(events.includes('MFA_CHALLENGE_VERIFIED'))
  assert.ok(events.includes('SIGNED_OUT'))

  const secondFactorNeeded = await supabase.auth.signInWithPassword({ email, password })
  const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  assert.equal(secondFactorNeeded.error, null)
  assert.equal(aal.data.currentLevel, 'aal1')
  assert.equal(aal.data.nextLevel, 'aal2')
})

test('anonymous sign-in and the PKCE flow', async () => {
  const anonymous = newClient()
  const signedIn = await anonymous.auth.signInAnonymously()
  assert.equal(signedIn.error, null)
  assert.equal(signedIn.data.user.is_anonymous, true)

  const pkce = newClient({ flowType: 'pkce' })
  const email = `pkce-${Date.now()}@example.com`
  const signUp = await pkce.auth.signUp({ email, password: 'secret-pass', options: { emailRedirectTo: `${GATEWAY_URL}/done` } })
  assert.equal(signUp.error, null)
  const mail = await latestMail(email)
  const followed = await fetch(mail.links.find((l) => l.includes('/auth/v1/verify')), { redirect: 'manual' })
  const code = new URL(followed.headers.get('location')).searchParams.get('code')
  assert.ok(code)
  const exchanged = await pkce.auth.exchangeCodeForSession(code)
  assert.equal(exchanged.error, null)
  assert.equal(exchanged.data.user.email, email)
})
