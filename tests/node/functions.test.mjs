// Both functions through supabase-js `functions.invoke`, reading errors exactly as the site does.
// Env: GATEWAY_URL, ANON_KEY, CONTACT_EMAIL (not used before), EVENT_EMAIL (has a registration), CLIENT_IP.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createClient, FunctionsHttpError } from '@supabase/supabase-js'
import ws from 'ws'

const { GATEWAY_URL, ANON_KEY, CONTACT_EMAIL, EVENT_EMAIL, CLIENT_IP } = process.env
// Node 20 has no WebSocket; supabase-js's realtime client needs one even when only functions are used.
const supabase = createClient(GATEWAY_URL, ANON_KEY, { auth: { persistSession: false }, realtime: { transport: ws } })
// The gateway under test trusts this header, so each run is its own client for the 60-second cooldown.
const headers = { 'x-forwarded-for': CLIENT_IP, 'x-platform': 'partner' }

const contactForm = {
  name: 'Node Tester',
  email: CONTACT_EMAIL,
  company: 'Abu Dhabi Health',
  phone: '+97125556666',
  service: 'Incident Response',
  message: 'We had an incident last night and need help.',
}

test('a contact message is accepted, then a second one within 60 s gets 429 as the site reads it', async () => {
  const first = await supabase.functions.invoke('send-contact-email', { body: contactForm, headers })
  assert.equal(first.error, null)
  assert.equal(first.data.success, true)
  assert.equal(first.data.message, "We'll get back to you within 24 hours.")

  const { error } = await supabase.functions.invoke('send-contact-email', {
    body: { ...contactForm, message: 'One more thing' },
    headers,
  })
  assert.ok(error instanceof FunctionsHttpError && error.context.status === 429)
  const body = await error.context.json()
  assert.match(body.error, /^Please wait \d+ seconds before sending another message$/)
})

test('a contact message missing required fields is a FunctionsHttpError with the rule in the body', async () => {
  const { error } = await supabase.functions.invoke('send-contact-email', {
    body: { ...contactForm, name: '   ' },
    headers: { ...headers, 'x-forwarded-for': `${CLIENT_IP}0` },
  })
  assert.ok(error instanceof FunctionsHttpError)
  assert.equal(error.context.status, 400)
  assert.deepEqual(await error.context.json(), { error: 'Please fill in all required fields' })
})

test('a registrant gets a confirmation, answered the same way whether or not the email registered', async () => {
  const registrant = { firstName: 'Node', lastName: 'Guest', email: EVENT_EMAIL, companyName: 'Sharjah Media' }
  const sent = await supabase.functions.invoke('send-event-confirmation', { body: registrant })
  assert.equal(sent.error, null)
  const stranger = await supabase.functions.invoke('send-event-confirmation', {
    body: { ...registrant, email: `nobody-${Date.now()}@example.com` },
  })
  assert.equal(stranger.error, null)
  assert.deepEqual(stranger.data, sent.data)
})

test('an invalid email for the confirmation is a 400 FunctionsHttpError', async () => {
  const { error } = await supabase.functions.invoke('send-event-confirmation', { body: { email: 'nope' } })
  assert.ok(error instanceof FunctionsHttpError && error.context.status === 400)
})

test("the event page's flow: insert the registration as a visitor, then invoke the confirmation", async () => {
  const email = `Site.Visitor.${Date.now()}@Example.AE`
  const { error: insertError } = await supabase.from('event_registrations').insert({
    event_name: 'CrowdSec Vendor Introduction',
    event_date: '2025-11-17',
    event_location: 'Address Downtown Hotel, Downtown Dubai',
    first_name: 'Site',
    last_name: 'Visitor',
    email,
    phone: '+971501234567',
    company_name: 'Visitor Holdings',
  })
  assert.equal(insertError, null)
  const { data, error } = await supabase.functions.invoke('send-event-confirmation', {
    body: { firstName: 'Site', lastName: 'Visitor', email, companyName: 'Visitor Holdings' },
  })
  assert.equal(error, null)
  assert.match(data.message, /confirmation/)
  console.log(`SITE_FLOW_EMAIL=${email.toLowerCase()}`)
})
