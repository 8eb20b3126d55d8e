// What the realtime Node tests share: clients of the real supabase-js, tokens, SQL run as another client would,
// and an inbox of received payloads.
import { createHmac } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const { GATEWAY_URL, ANON_KEY, JWT_SECRET, DATABASE_URL, PYTHON, SQL_WRITER } = process.env
const clients = []

export async function closeClients() {
  for (const client of clients) await client.removeAllChannels()
}

export function sign(claims) {
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`
}

export function userToken(sub) {
  const now = Math.floor(Date.now() / 1000)
  return sign({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 })
}

export function sql(statement, ...params) {
  return execFileSync(PYTHON, [SQL_WRITER, DATABASE_URL, statement, ...params], { encoding: 'utf8' }).trim()
}

export function newClient(url = GATEWAY_URL, options = {}, key = ANON_KEY) {
  const client = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws, ...options },
  })
  clients.push(client)
  return client
}

export function subscribed(channel) {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel)
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    })
  })
}

// Collects payloads; `next(predicate)` resolves with the first (past or future) one that matches.
export function inbox() {
  const items = []
  const waiters = []
  return {
    items,
    push(item) {
      items.push(item)
      for (const waiter of [...waiters]) {
        if (waiter.predicate(item)) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(item)
        }
      }
    },
    next(predicate = () => true, timeout = 5000) {
      const found = items.find(predicate)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve }
        waiters.push(waiter)
        setTimeout(() => reject(new Error('timed out waiting for a realtime message')), timeout)
      })
    },
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
