// Resumable uploads with the real tus-js-client, configured as Supabase's guide configures it, against the gateway.
// Env: GATEWAY_URL, ANON_KEY, TOKEN_A, TOKEN_B, USER_A, USER_B (from tests/storage/test_resumable.py).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import * as tus from 'tus-js-client'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const env = process.env
const endpoint = `${env.GATEWAY_URL}/storage/v1/upload/resumable`

function upload (token, file, metadata, options = {}) {
  return new tus.Upload(file, {
    endpoint,
    retryDelays: [],
    headers: { authorization: `Bearer ${token}`, apikey: env.ANON_KEY, ...(options.headers ?? {}) },
    uploadDataDuringCreation: true,
    removeFingerprintOnSuccess: true,
    metadata,
    chunkSize: options.chunkSize ?? 6 * 1024 * 1024,
    onProgress: options.onProgress,
  })
}

function run (tusUpload) {
  return new Promise((resolve, reject) => {
    tusUpload.options.onSuccess = () => resolve(tusUpload)
    tusUpload.options.onError = reject
    tusUpload.start()
  })
}

async function download (token, path) {
  const answer = await fetch(`${env.GATEWAY_URL}/storage/v1/object/authenticated/avatars/${path}`, {
    headers: { authorization: `Bearer ${token}`, apikey: env.ANON_KEY },
  })
  return { status: answer.status, headers: answer.headers, body: Buffer.from(await answer.arrayBuffer()) }
}

test('a file in 6 MB chunks: nothing visible until the last one, then the object with its metadata', async () => {
  const path = `${env.USER_A}/resumable/big.bin`
  const bytes = randomBytes(13 * 1024 * 1024 + 17)
  let seenBeforeEnd = null
  const tusUpload = upload(env.TOKEN_A, bytes, {
    bucketName: 'avatars', objectName: path, contentType: 'application/x-test', cacheControl: '600',
    metadata: JSON.stringify({ origin: 'tus' }),
  }, {
    onProgress: (sent, total) => {
      if (sent > 0 && sent < total && seenBeforeEnd === null) {
        seenBeforeEnd = download(env.TOKEN_A, path).then((r) => r.status)
      }
    },
  })
  await run(tusUpload)
  assert.match(tusUpload.url, /\/storage\/v1\/upload\/resumable\/[A-Za-z0-9_-]+$/)
  assert.equal(await seenBeforeEnd, 400)
  const stored = await download(env.TOKEN_A, path)
  assert.equal(stored.status, 200)
  assert.equal(stored.headers.get('content-type'), 'application/x-test')
  assert.equal(stored.headers.get('cache-control'), 'max-age=600')
  assert.ok(stored.body.equals(bytes))
  const info = await fetch(`${env.GATEWAY_URL}/storage/v1/object/info/authenticated/avatars/${path}`, {
    headers: { authorization: `Bearer ${env.TOKEN_A}`, apikey: env.ANON_KEY },
  })
  assert.deepEqual((await info.json()).metadata, { origin: 'tus' })
})

test('an interrupted upload resumes from the offset the gateway kept', async () => {
  const path = `${env.USER_A}/resumable/resumed.bin`
  const bytes = randomBytes(8 * 1024 * 1024)
  const first = upload(env.TOKEN_A, bytes, { bucketName: 'avatars', objectName: path, contentType: 'application/octet-stream' },
    { chunkSize: 1024 * 1024 })
  await new Promise((resolve, reject) => {
    first.options.onError = reject
    first.options.onChunkComplete = (chunk, accepted) => {
      if (accepted >= 3 * 1024 * 1024) first.abort().then(resolve)
    }
    first.start()
  })
  const head = await fetch(first.url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${env.TOKEN_A}`, apikey: env.ANON_KEY } })
  const kept = Number(head.headers.get('upload-offset'))
  assert.ok(kept >= 3 * 1024 * 1024 && kept < bytes.length, `offset ${kept}`)
  assert.equal(head.headers.get('upload-length'), String(bytes.length))

  let resumedFrom = null
  const second = upload(env.TOKEN_A, bytes, { bucketName: 'avatars', objectName: path, contentType: 'application/octet-stream' })
  second.options.uploadUrl = first.url
  second.options.onUploadUrlAvailable = () => {}
  second.options.onProgress = (sent) => { if (resumedFrom === null) resumedFrom = sent }
  await run(second)
  assert.ok(resumedFrom >= kept, `resumed from ${resumedFrom}`)
  assert.ok((await download(env.TOKEN_A, path)).body.equals(bytes))
})

test('policies decide at creation, and an existing name needs x-upsert', async () => {
  const theirs = upload(env.TOKEN_A, Buffer.from('x'), { bucketName: 'avatars', objectName: `${env.USER_B}/not-mine.txt` })
  const refused = await run(theirs).then(() => null, (error) => error)
  assert.equal(refused.originalResponse.getStatus(), 403)
  assert.equal(refused.originalResponse.getBody(), 'new row violates row-level security policy')

  const path = `${env.USER_A}/resumable/twice.txt`
  await run(upload(env.TOKEN_A, Buffer.from('first'), { bucketName: 'avatars', objectName: path, contentType: 'text/plain' }))
  const again = await run(upload(env.TOKEN_A, Buffer.from('second'), { bucketName: 'avatars', objectName: path, contentType: 'text/plain' }))
    .then(() => null, (error) => error)
  assert.equal(again.originalResponse.getStatus(), 409)
  await run(upload(env.TOKEN_A, Buffer.from('second'), { bucketName: 'avatars', objectName: path, contentType: 'text/plain' },
    { headers: { 'x-upsert': 'true' } }))
  assert.equal((await download(env.TOKEN_A, path)).body.toString(), 'second')
})

test('termination removes an upload in flight', async () => {
  const path = `${env.USER_A}/resumable/terminated.bin`
  const bytes = randomBytes(4 * 1024 * 1024)
  const tusUpload = upload(env.TOKEN_A, bytes, { bucketName: 'avatars', objectName: path }, { chunkSize: 1024 * 1024 })
  await new Promise((resolve, reject) => {
    tusUpload.options.onError = reject
    tusUpload.options.onChunkComplete = (chunk, accepted) => { if (accepted >= 1024 * 1024) tusUpload.abort().then(resolve) }
    tusUpload.start()
  })
  const url = tusUpload.url
  await tus.Upload.terminate(url, { headers: { authorization: `Bearer ${env.TOKEN_A}`, apikey: env.ANON_KEY } })
  const head = await fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${env.TOKEN_A}`, apikey: env.ANON_KEY } })
  assert.equal(head.status, 404)
  assert.equal((await download(env.TOKEN_A, path)).status, 400)
})

test('a signed upload URL\'s token uploads resumably at /upload/resumable/sign, without the user\'s JWT', async () => {
  const ann = createClient(env.GATEWAY_URL, env.ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${env.TOKEN_A}` } },
    realtime: { transport: ws },
  })
  const path = `${env.USER_A}/resumable/signed.bin`
  const signed = await ann.storage.from('avatars').createSignedUploadUrl(path)
  assert.equal(signed.error, null)
  const bytes = randomBytes(7 * 1024 * 1024 + 3)
  const signedUpload = new tus.Upload(bytes, {
    endpoint: `${endpoint}/sign`,
    retryDelays: [],
    headers: { 'x-signature': signed.data.token, apikey: env.ANON_KEY },
    uploadDataDuringCreation: true,
    removeFingerprintOnSuccess: true,
    metadata: { bucketName: 'avatars', objectName: path, contentType: 'application/x-signed' },
    chunkSize: 6 * 1024 * 1024,
  })
  await run(signedUpload)
  assert.match(signedUpload.url, /\/storage\/v1\/upload\/resumable\/sign\/[A-Za-z0-9_-]+$/)
  const stored = await download(env.TOKEN_A, path)
  assert.equal(stored.status, 200)
  assert.equal(stored.headers.get('content-type'), 'application/x-signed')
  assert.ok(stored.body.equals(bytes))

  const elsewhere = new tus.Upload(Buffer.from('x'), {
    endpoint: `${endpoint}/sign`,
    retryDelays: [],
    headers: { 'x-signature': signed.data.token, apikey: env.ANON_KEY },
    metadata: { bucketName: 'avatars', objectName: `${env.USER_A}/resumable/other.bin` },
  })
  const refused = await run(elsewhere).then(() => null, (error) => error)
  assert.equal(refused.originalResponse.getStatus(), 400)
  assert.equal(refused.originalResponse.getBody(), 'Invalid signature')
})
