// GoTrue's refusals as supabase-js reports them: status, error code and message, for invalid input and for
// sign-in methods that are disabled.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const { GATEWAY_URL, ANON_KEY, SERVICE_ROLE_KEY } = process.env
const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws },
}
const client = () => createClient(GATEWAY_URL, ANON_KEY, options)
const admin = createClient(GATEWAY_URL, SERVICE_ROLE_KEY, options).auth.admin

function refused({ error }, status, code, message) {
  assert.ok(error, 'an error')
  assert.deepEqual([error.status, error.code, error.message], [status, code, message])
}

const INVALID_EMAIL = [400, 'validation_failed', 'Unable to validate email address: invalid format']

test('an invalid email address is refused alike by sign-up, admin create, invite and generate_link', async () => {
  refused(await client().auth.signUp({ email: 'not an email', password: 'correct horse' }), ...INVALID_EMAIL)
  refused(await admin.createUser({ email: 'not an email' }), ...INVALID_EMAIL)
  refused(await admin.inviteUserByEmail('not an email'), ...INVALID_EMAIL)
  refused(await admin.generateLink({ type: 'magiclink', email: 'not an email' }), ...INVALID_EMAIL)
})

test('listUsers with a page that is not a number', async () => {
  refused(await admin.listUsers({ page: 'two', perPage: 10 }), 400, 'validation_failed',
    'Bad Pagination Parameters: strconv.ParseUint: parsing "two": invalid syntax')
})

test('verifyOtp with missing or conflicting options', async () => {
  const auth = client().auth
  refused(await auth.verifyOtp({ email: 'someone@example.com', token: '123456' }), 400, 'validation_failed',
    'Verify requires a verification type')
  refused(await auth.verifyOtp({ type: 'email', token_hash: 'abc', email: 'someone@example.com' }), 400,
    'validation_failed', 'Only the token_hash and type should be provided')
  refused(await auth.verifyOtp({ type: 'email', email: 'not an email', token: '123456' }), 422, 'validation_failed',
    'Invalid email format')
  refused(await auth.verifyOtp({ type: 'email', email: 'someone@example.com', token: '' }), 400, 'validation_failed',
    'Verify requires either a token or a token hash')
  refused(await auth.verifyOtp({ type: 'nonsense', token_hash: 'abc' }), 400, 'validation_failed',
    'Invalid email verification type')
})

test('SSO, identity linking and ID-token sign-in are disabled', async () => {
  const auth = client().auth
  refused(await auth.signInWithSSO({ domain: 'example.com' }), 404, 'saml_provider_disabled', 'SAML 2.0 is disabled')
  refused(await auth.signInWithIdToken({ provider: 'google', token: 'header.payload.signature' }), 400,
    'provider_disabled', 'Provider (issuer "https://accounts.google.com") is not enabled')

  const email = `linker-${Date.now()}@example.com`
  await admin.createUser({ email, password: 'correct horse', email_confirm: true })
  const linker = client().auth
  assert.equal((await linker.signInWithPassword({ email, password: 'correct horse' })).error, null)
  refused(await linker.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } }), 404,
    'manual_linking_disabled', 'Manual linking is disabled')
})
