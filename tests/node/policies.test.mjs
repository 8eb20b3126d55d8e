// The site's partner and event calls with the real supabase-js, exactly as web/src/features/*/api make them,
// against the database's access rules. Env: GATEWAY_URL, ANON_KEY, and from tests/policies/test_site_calls.py:
// ADMIN_TOKEN, APPROVED_TOKEN, PENDING_TOKEN, APPROVED_PARTNER_ID, OTHER_PARTNER_ID, PENDING_PARTNER_ID.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const env = process.env

function client (token, ip = '192.0.2.10') {
  const headers = { 'x-platform': 'partner', 'x-forwarded-for': ip }
  if (token) headers.Authorization = `Bearer ${token}`
  return createClient(env.GATEWAY_URL, env.ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers },
    realtime: { transport: ws },
  })
}

const application = {
  company_name: 'Node Registrations LLC',
  company_website: 'https://node.example',
  primary_contact_name: 'Nadia Node',
  primary_contact_email: 'nadia@node.example',
  primary_contact_phone: null,
  city: 'Dubai',
  country: 'United Arab Emirates',
  selected_vendors: ['CrowdSec'],
  company_type: 'vendor',
  partnership_type: ['Distribution Partner'],
  specializations: ['Penetration Testing'],
}

test('a visitor registers with insert().select().single() and gets the pending row back', async () => {
  const { data, error } = await client(null, '192.0.2.21').from('partners')
    .insert({ ...application, status: 'approved', notes: 'let me in' }).select().single()
  assert.equal(error, null)
  assert.equal(data.company_name, 'Node Registrations LLC')
  assert.equal(data.status, 'pending')
  assert.equal(data.notes, null)
})

test('duplicates and bursts produce the messages the registration page maps', async () => {
  const sameName = await client(null, '192.0.2.22').from('partners')
    .insert({ ...application, primary_contact_email: 'other@node.example' }).select().single()
  assert.match(sameName.error.message, /duplicate/)
  assert.doesNotMatch(sameName.error.message, /email/)
  const sameEmail = await client(null, '192.0.2.23').from('partners')
    .insert({ ...application, company_name: 'Another Node Co' }).select().single()
  assert.match(sameEmail.error.message, /email/)

  const burst = client(null, '192.0.2.24')
  for (let n = 0; n < 5; n++) {
    const { error } = await burst.from('partners')
      .insert({ ...application, company_name: `Burst ${n} Co`, primary_contact_email: `b${n}@burst.example` })
      .select().single()
    assert.equal(error, null)
  }
  const { error } = await burst.from('partners')
    .insert({ ...application, company_name: 'Burst 6 Co', primary_contact_email: 'b6@burst.example' })
    .select().single()
  assert.match(error.message, /rate limit/)
})

test('the portal loads its partner through the RPC and cannot load another', async () => {
  const portal = client(env.APPROVED_TOKEN)
  const link = await portal.from('partner_users').select('partner_id, partners(*)').maybeSingle()
  assert.equal(link.error, null)
  assert.equal(link.data.partner_id, env.APPROVED_PARTNER_ID)
  const own = await portal.rpc('get_partner_with_access_control', { partner_id: env.APPROVED_PARTNER_ID }).single()
  assert.equal(own.error, null)
  assert.equal(own.data.id, env.APPROVED_PARTNER_ID)
  const other = await portal.rpc('get_partner_with_access_control', { partner_id: env.OTHER_PARTNER_ID })
  assert.equal(other.error.code, '42501')
  assert.equal(other.data, null)
})

test('an approved partner saves its profile; a pending one is told why it cannot', async () => {
  const saved = await client(env.APPROVED_TOKEN).from('partners')
    .update({ company_website: 'https://saved.example', address_line1: '1 Sheikh Zayed Rd', city: 'Dubai' })
    .eq('id', env.APPROVED_PARTNER_ID)
  assert.equal(saved.error, null)
  const refused = await client(env.PENDING_TOKEN).from('partners')
    .update({ company_website: 'https://early.example' }).eq('id', env.PENDING_PARTNER_ID)
  assert.equal(refused.error.code, '42501')
  assert.match(refused.error.message, /only available for approved partners/)
})

test('the admin lists partners, approves one, and an invalid transition is refused', async () => {
  const admin = client(env.ADMIN_TOKEN)
  const list = await admin.from('partners').select('*').order('created_at', { ascending: false })
  assert.equal(list.error, null)
  assert.ok(list.data.length >= 4)
  const approve = await admin.from('partners')
    .update({ status: 'approved', approved_at: new Date().toISOString(), rejection_reason: null, notes: 'ok' })
    .eq('id', env.PENDING_PARTNER_ID)
  assert.equal(approve.error, null)
  const back = await admin.from('partners')
    .update({ status: 'pending', approved_at: null, rejection_reason: null, notes: null })
    .eq('id', env.PENDING_PARTNER_ID)
  assert.match(back.error.message, /Invalid partner status transition from approved to pending/)
})

test('anyone registers for the event; only the admin reads the registrations', async () => {
  const visitor = client()
  const { error } = await visitor.from('event_registrations').insert({
    event_name: 'CrowdSec Vendor Introduction', event_date: '2025-11-17', event_location: 'Dubai',
    first_name: 'Omar', last_name: 'Nodejs', email: ' Omar@Node.example ', phone: '+971501112222',
    company_name: 'Node Co',
  })
  assert.equal(error, null)
  const again = await visitor.from('event_registrations').insert({
    event_name: 'x', event_date: '2025-11-17', event_location: 'x', first_name: 'Omar', last_name: 'Again',
    email: 'omar@node.example', phone: '+971501112222', company_name: 'Node Co',
  })
  assert.match(again.error.message, /duplicate/)

  const denied = await visitor.from('event_registrations').select('*').order('created_at', { ascending: false })
  assert.equal(denied.error.code, '42501')
  const partnerDenied = await client(env.APPROVED_TOKEN).from('event_registrations').select('*')
  assert.equal(partnerDenied.error.code, '42501')
  const list = await client(env.ADMIN_TOKEN).from('event_registrations').select('*')
    .order('created_at', { ascending: false })
  assert.equal(list.error, null)
  assert.equal(list.data.find((row) => row.last_name === 'Nodejs').email, 'omar@node.example')
})
