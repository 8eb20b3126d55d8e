// Realtime through the real supabase-js client while the gateway's database goes away: the subscriber is told that
// changes stopped (a `system` message, as Supabase Realtime sends), and a change committed while the gateway's
// listener was disconnected still arrives. Driven by tests/resilience/test_database_outage.py.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { closeClients, inbox, newClient, sleep, sql, subscribed } from './realtime-support.mjs'

const { GATEWAY_URL, SERVICE_ROLE_KEY, POSTMASTER_PID_FILE } = process.env

after(closeClients)

async function watchCompanies() {
  const client = newClient(GATEWAY_URL, {}, SERVICE_ROLE_KEY)
  const changes = inbox()
  const system = inbox()
  const channel = client.channel(`outage-${Math.random()}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'companies' }, (p) => changes.push(p))
    .on('system', {}, (p) => system.push(p))
  await subscribed(channel)
  await system.next((m) => m.status === 'ok')
  return { changes, system }
}

function insertCompany(name) {
  return sql('insert into public.companies (name) values (%s) returning id', name)
}

async function insertOnceBack(name, timeout = 20000) {
  const deadline = Date.now() + timeout
  for (;;) {
    try {
      return insertCompany(name)
    } catch (error) {
      if (Date.now() > deadline) throw error
      await sleep(100)
    }
  }
}

test('a killed database: the subscriber is told, then gets the change committed as it came back', async () => {
  const { changes, system } = await watchCompanies()
  const before = system.items.length
  process.kill(Number(readFileSync(POSTMASTER_PID_FILE, 'utf8').split('\n')[0]), 'SIGKILL')
  const stopped = await system.next((m) => system.items.indexOf(m) >= before && m.status === 'error', 5000)
  assert.equal(stopped.extension, 'postgres_changes')
  assert.match(stopped.message, /unable to connect to the project database/)
  const id = await insertOnceBack('Committed During The Outage')
  const change = await changes.next((p) => p.new.id === id, 15000)
  assert.equal(change.new.name, 'Committed During The Outage')
  const resumed = await system.next((m) => system.items.indexOf(m) > system.items.indexOf(stopped) && m.status === 'ok', 15000)
  assert.equal(resumed.message, 'Subscribed to PostgreSQL')
})

test('a change committed while the listener reconnects is read back from the change log', async () => {
  const { changes } = await watchCompanies()
  // The gateway's LISTEN connections are gone (waited for) before this insert commits, so its NOTIFY reaches
  // no one: only the catch-up after the reconnect can deliver it.
  const id = sql(`insert into public.companies (name)
    select 'Committed While Disconnected' from (select count(pg_terminate_backend(pid, 5000)) from pg_stat_activity
      where query ilike %s and pid <> pg_backend_pid()) as cut returning id`, 'listen%')
  const change = await changes.next((p) => p.new.id === id, 15000)
  assert.equal(change.new.name, 'Committed While Disconnected')
  const later = insertCompany('Live Again')
  await changes.next((p) => p.new.id === later, 10000)
  assert.equal(changes.items.filter((p) => p.new.id === id).length, 1, 'delivered exactly once')
})
