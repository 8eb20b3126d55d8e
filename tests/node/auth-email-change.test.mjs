// Secure email change with the real @supabase/supabase-js: updateUser({ email }) mails both addresses; the first
// code only counts, the second applies the change and returns a session for the new address.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const { GATEWAY_URL, ANON_KEY } = process.env

function newClient() {
  const items = new Map()
  const storage = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, v), removeItem: (k) => items.delete(k) }
  return createClient(GATEWAY_URL, ANON_KEY, {
    realtime: { transport: ws },
    auth: { storage, autoRefreshToken: false, persistSession: true, detectSessionInUrl: false },
  })
}

async function latestMail(to) {
  const response = await fetch(`${GATEWAY_URL}/_dev/mailbox/api/messages?to=${encodeURIComponent(to)}`)
  const { messages } = await response.json()
  assert.ok(messages.length > 0, `no mail for ${to}`)
  return messages[0]
}

const codeIn = (mail) => mail.text.split('Or enter this code: ')[1].split(/\s/)[0]

test('updateUser({ email }) completes only after both addresses confirmed', async () => {
  const oldEmail = `node-old-${Date.now()}@example.com`
  const newEmail = `node-new-${Date.now()}@example.com`
  const supabase = newClient()
  await supabase.auth.signUp({ email: oldEmail, password: 'correct horse battery' })
  const confirm = await latestMail(oldEmail)
  await fetch(confirm.links.find((link) => link.includes('/auth/v1/verify')), { redirect: 'manual' })
  const signIn = await supabase.auth.signInWithPassword({ email: oldEmail, password: 'correct horse battery' })
  assert.equal(signIn.error, null)

  const pending = await supabase.auth.updateUser({ email: newEmail })
  assert.equal(pending.error, null)
  assert.equal(pending.data.user.email, oldEmail)
  assert.equal(pending.data.user.new_email, newEmail)
  assert.equal((await latestMail(newEmail)).subject, 'Confirm Email Change')
  assert.equal((await latestMail(oldEmail)).subject, 'Confirm Email Address')

  const first = await supabase.auth.verifyOtp({ email: newEmail, token: codeIn(await latestMail(newEmail)), type: 'email_change' })
  assert.equal(first.error, null)
  assert.equal(first.data.session, null)
  assert.equal((await supabase.auth.getUser()).data.user.email, oldEmail)

  const second = await supabase.auth.verifyOtp({ email: oldEmail, token: codeIn(await latestMail(oldEmail)), type: 'email_change' })
  assert.equal(second.error, null)
  assert.equal(second.data.user.email, newEmail)
  assert.equal((await supabase.auth.getUser()).data.user.email, newEmail)
})
