// Storage with the real supabase-js (@supabase/storage-js) against the gateway, as an app calls it.
// Env: GATEWAY_URL, ANON_KEY, SERVICE_ROLE_KEY, and from tests/storage/test_supabase_js.py: TOKEN_A, TOKEN_B,
// USER_A, USER_B, PHOTO_PNG (a 400x300 PNG), and where the gateway keeps object bytes, to check that no stray one
// is left: STORAGE_DIR (the folder of the file backend) or STORAGE_LIST_URL (the S3 server's JSON listing of them).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const env = process.env

function client (token) {
  return createClient(env.GATEWAY_URL, env.ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    realtime: { transport: ws },
  })
}

const ann = client(env.TOKEN_A)
const service = createClient(env.GATEWAY_URL, env.SERVICE_ROLE_KEY, { auth: { persistSession: false }, realtime: { transport: ws } })
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function filesUnder (dir) {
  let count = 0
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    count += statSync(path).isDirectory() ? filesUnder(path) : 1
  }
  return count
}

async function storedCount () {
  if (!env.STORAGE_LIST_URL) return filesUnder(env.STORAGE_DIR)
  const listing = await fetch(`${env.STORAGE_LIST_URL}?limit=10000`, { headers: { Accept: 'application/json' } })
  if (listing.status === 404) return 0
  return ((await listing.json()).Entries ?? []).length
}

test('avatar flow: own folder, refused elsewhere, public URL, signed URL that expires', async () => {
  const avatars = ann.storage.from('avatars')
  const path = `${env.USER_A}/avatar.png`
  const png = new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' })
  const uploaded = await avatars.upload(path, png, { cacheControl: '120' })
  assert.equal(uploaded.error, null)
  assert.equal(uploaded.data.path, path)
  assert.equal(uploaded.data.fullPath, `avatars/${path}`)
  assert.match(uploaded.data.id, /^[0-9a-f-]{36}$/)

  const elsewhere = await avatars.upload(`${env.USER_B}/avatar.png`, png)
  assert.equal(elsewhere.data, null)
  assert.equal(elsewhere.error.statusCode, '403')
  assert.equal(elsewhere.error.message, 'new row violates row-level security policy')

  const { data: { publicUrl } } = avatars.getPublicUrl(path)
  const fetched = await fetch(publicUrl)
  assert.equal(fetched.status, 200)
  assert.equal(fetched.headers.get('content-type'), 'image/png')
  assert.equal(fetched.headers.get('cache-control'), 'max-age=120')
  assert.deepEqual(Buffer.from(await fetched.arrayBuffer()), Buffer.from('89504e470d0a1a0a', 'hex'))

  const downloaded = await avatars.download(path)
  assert.equal(downloaded.error, null)
  assert.equal(downloaded.data.size, 8)

  const signed = await avatars.createSignedUrl(path, 3, { download: 'me.png' }) // room for the first fetch
  assert.equal(signed.error, null)
  const first = await fetch(signed.data.signedUrl)
  assert.equal(first.status, 200)
  assert.match(first.headers.get('content-disposition'), /attachment; filename=me.png/)
  await first.arrayBuffer()
  await sleep(4100)
  const late = await fetch(signed.data.signedUrl)
  assert.equal(late.status, 400)
  assert.deepEqual(await late.json(), { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: 'jwt expired' })

  const bob = client(env.TOKEN_B).storage.from('avatars')
  const notHis = await bob.download(path)
  assert.equal(notHis.data, null)
  assert.equal(notHis.error.statusCode, '404')
  const refusedSign = await bob.createSignedUrl(path, 60)
  assert.equal(refusedSign.error.statusCode, '404')
})

// A PNG's width and height, from its IHDR chunk.
function pngSize (bytes) {
  assert.equal(bytes.subarray(1, 4).toString(), 'PNG')
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}

test('image transformations: public URL, download and signed URL with transform options', async () => {
  const avatars = ann.storage.from('avatars')
  const path = `${env.USER_A}/photo.png`
  const photo = new Blob([readFileSync(env.PHOTO_PNG)], { type: 'image/png' })
  assert.equal((await avatars.upload(path, photo, { cacheControl: '300' })).error, null)

  const { data: { publicUrl } } = avatars.getPublicUrl(path, { transform: { width: 100, height: 100 } })
  assert.match(publicUrl, /\/storage\/v1\/render\/image\/public\/avatars\/.*\?width=100&height=100$/)
  const cover = await fetch(publicUrl)
  assert.equal(cover.status, 200)
  assert.equal(cover.headers.get('content-type'), 'image/png')
  assert.equal(cover.headers.get('cache-control'), 'max-age=300')
  assert.deepEqual(pngSize(Buffer.from(await cover.arrayBuffer())), [100, 100])
  const webp = await fetch(publicUrl, { headers: { Accept: 'image/avif,image/webp,*/*' } })
  assert.equal(webp.headers.get('content-type'), 'image/webp')
  const riff = Buffer.from(await webp.arrayBuffer())
  assert.equal(riff.subarray(8, 12).toString(), 'WEBP')
  const origin = await fetch(avatars.getPublicUrl(path, { transform: { width: 100, format: 'origin' } }).data.publicUrl,
    { headers: { Accept: 'image/webp' } })
  assert.equal(origin.headers.get('content-type'), 'image/png')
  assert.deepEqual(pngSize(Buffer.from(await origin.arrayBuffer())), [100, 75])

  const contained = await avatars.download(path, { transform: { width: 200, height: 200, resize: 'contain' } })
  assert.equal(contained.error, null)
  assert.equal(contained.data.type, 'image/png')
  assert.deepEqual(pngSize(Buffer.from(await contained.data.arrayBuffer())), [200, 150])
  const stretched = await avatars.download(path, { transform: { width: 50, height: 120, resize: 'fill' } })
  assert.deepEqual(pngSize(Buffer.from(await stretched.data.arrayBuffer())), [50, 120])

  const signed = await avatars.createSignedUrl(path, 60, { transform: { width: 64, height: 32 }, download: 'thumb.png' })
  assert.equal(signed.error, null)
  assert.match(signed.data.signedUrl, /\/storage\/v1\/render\/image\/sign\/avatars\/.*\?token=.*&download=thumb.png$/)
  const thumb = await fetch(signed.data.signedUrl)
  assert.equal(thumb.status, 200)
  assert.ok(thumb.headers.get('expires'))
  assert.match(thumb.headers.get('content-disposition'), /attachment; filename=thumb.png/)
  assert.deepEqual(pngSize(Buffer.from(await thumb.arrayBuffer())), [64, 32])

  const bob = client(env.TOKEN_B).storage.from('avatars')
  const notHis = await bob.download(path, { transform: { width: 10 } })
  assert.equal(notHis.error.statusCode, '404')
  const badQuality = await fetch(avatars.getPublicUrl(path, { transform: { quality: 5 } }).data.publicUrl)
  assert.equal(badQuality.status, 400)
  assert.deepEqual(await badQuality.json(),
    { statusCode: '400', code: 'InvalidRequest', error: 'InvalidRequest', message: 'querystring/quality must be >= 20' })
  assert.equal((await avatars.upload(`${env.USER_A}/not-an-image.png`, 'plain text', { contentType: 'image/png' })).error, null)
  const notImage = await avatars.download(`${env.USER_A}/not-an-image.png`, { transform: { width: 10 } })
  assert.equal(notImage.error.statusCode, '400')
  assert.equal(notImage.error.message, 'The source image is invalid or unsupported for rendering')
})

test('list, info, exists, move, copy, remove in bulk', async () => {
  const avatars = ann.storage.from('avatars')
  for (const name of ['b.txt', 'a.txt', 'sub/c.txt']) {
    const { error } = await avatars.upload(`${env.USER_A}/files/${name}`, `text of ${name}`, { contentType: 'text/plain' })
    assert.equal(error, null)
  }
  const listed = await avatars.list(`${env.USER_A}/files`, { sortBy: { column: 'name', order: 'asc' } })
  assert.equal(listed.error, null)
  assert.deepEqual(listed.data.map((f) => [f.name, f.id === null]), [['sub', true], ['a.txt', false], ['b.txt', false]])
  const searched = await avatars.list(`${env.USER_A}/files`, { search: 'b' })
  assert.deepEqual(searched.data.map((f) => f.name), ['b.txt'])
  assert.equal((await avatars.list(`${env.USER_A}/files`, { limit: 1, offset: 1 })).data.length, 1)

  const info = await avatars.info(`${env.USER_A}/files/a.txt`)
  assert.equal(info.error, null)
  assert.equal(info.data.size, 'text of a.txt'.length)
  assert.equal(info.data.contentType, 'text/plain')
  assert.equal((await avatars.exists(`${env.USER_A}/files/a.txt`)).data, true)
  assert.equal((await avatars.exists(`${env.USER_A}/files/none.txt`)).data, false)

  const moved = await avatars.move(`${env.USER_A}/files/a.txt`, `${env.USER_A}/files/moved.txt`)
  assert.equal(moved.error, null)
  assert.equal(moved.data.message, 'Successfully moved')
  const copied = await avatars.copy(`${env.USER_A}/files/moved.txt`, `${env.USER_A}/files/copy.txt`)
  assert.equal(copied.error, null)
  assert.equal(copied.data.path, `avatars/${env.USER_A}/files/copy.txt`)
  assert.equal(await (await avatars.download(`${env.USER_A}/files/copy.txt`)).data.text(), 'text of a.txt')
  const intoHis = await avatars.move(`${env.USER_A}/files/b.txt`, `${env.USER_B}/b.txt`)
  assert.equal(intoHis.error.statusCode, '403')

  const removed = await avatars.remove([`${env.USER_A}/files/moved.txt`, `${env.USER_A}/files/copy.txt`, `${env.USER_A}/files/b.txt`])
  assert.equal(removed.error, null)
  assert.deepEqual(removed.data.map((f) => f.name).sort(),
    [`${env.USER_A}/files/b.txt`, `${env.USER_A}/files/copy.txt`, `${env.USER_A}/files/moved.txt`])
  const gone = await avatars.download(`${env.USER_A}/files/moved.txt`)
  assert.equal(gone.error.statusCode, '404')
})

test('bucket limits: size and MIME type, enforced as the body arrives', async () => {
  const created = await service.storage.createBucket('limited', {
    public: false, fileSizeLimit: '1KB', allowedMimeTypes: ['text/csv', 'image/*'],
  })
  assert.equal(created.error, null)
  assert.deepEqual(created.data, { name: 'limited' })
  const bucket = await service.storage.getBucket('limited')
  assert.equal(bucket.data.file_size_limit, 1000)
  assert.deepEqual(bucket.data.allowed_mime_types, ['text/csv', 'image/*'])

  const limited = service.storage.from('limited')
  const before = await storedCount()
  const big = await limited.upload('big.csv', 'x'.repeat(1001), { contentType: 'text/csv' })
  assert.equal(big.error.statusCode, '413')
  assert.equal(big.error.message, 'The object exceeded the maximum allowed size')
  const wrongType = await limited.upload('page.html', '<p>hi</p>', { contentType: 'text/html' })
  assert.equal(wrongType.error.statusCode, '415')
  assert.equal(wrongType.error.message, 'mime type text/html is not supported')
  assert.equal((await limited.upload('ok.csv', 'a,b', { contentType: 'text/csv' })).error, null)
  assert.equal((await limited.upload('pic.webp', new Blob(['webp'], { type: 'image/webp' }))).error, null)
  assert.equal(await storedCount(), before + 2)

  const raised = await service.storage.updateBucket('limited', { public: true, fileSizeLimit: null, allowedMimeTypes: null })
  assert.equal(raised.error, null)
  assert.equal((await limited.upload('big.csv', 'x'.repeat(1001), { contentType: 'text/csv' })).error, null)

  const notEmpty = await service.storage.deleteBucket('limited')
  assert.equal(notEmpty.error.statusCode, '409')
  assert.equal((await service.storage.emptyBucket('limited')).error, null)
  assert.equal((await service.storage.deleteBucket('limited')).error, null)
  assert.equal(await storedCount(), before)
  const missing = await service.storage.getBucket('limited')
  assert.equal(missing.error.statusCode, '404')
  assert.equal(missing.error.message, 'Bucket not found')
  const listed = await ann.storage.listBuckets()
  assert.deepEqual(listed.data.map((b) => b.id), ['avatars'])
  const refused = await ann.storage.createBucket('mine')
  assert.equal(refused.error.statusCode, '403')
})

test('one name uploaded concurrently: without upsert one wins, with upsert the last write stays and no file is left over', async () => {
  const avatars = ann.storage.from('avatars')
  const path = `${env.USER_A}/race.txt`
  const before = await storedCount()
  const plain = await Promise.all([1, 2, 3, 4, 5].map((n) => avatars.upload(path, `plain ${n}`, { contentType: 'text/plain' })))
  assert.equal(plain.filter((r) => r.error === null).length, 1)
  for (const r of plain.filter((r) => r.error !== null)) {
    assert.equal(r.error.statusCode, '409')
    assert.equal(r.error.message, 'The resource already exists')
  }
  const again = await avatars.upload(path, 'again', { contentType: 'text/plain' })
  assert.equal(again.error.statusCode, '409')
  const upserts = await Promise.all([1, 2, 3, 4, 5].map((n) => avatars.upload(path, `upsert ${n}`, { contentType: 'text/plain', upsert: true })))
  assert.ok(upserts.every((r) => r.error === null))
  assert.match(await (await avatars.download(path)).data.text(), /^upsert [1-5]$/)
  const updated = await avatars.update(path, 'updated', { contentType: 'text/plain' })
  assert.equal(updated.error, null)
  assert.equal(await (await avatars.download(path)).data.text(), 'updated')
  assert.equal(await storedCount(), before + 1)
})

test('path traversal and hostile names are refused', async () => {
  const avatars = ann.storage.from('avatars')
  for (const name of [`${env.USER_A}/a\u0000b`, `${env.USER_A}/<script>.txt`, `${env.USER_A}/naïve.txt`,
    `${env.USER_A}/quote".txt`, `${env.USER_A}/curly{}.txt`]) {
    const { error } = await avatars.upload(name, 'x', { contentType: 'text/plain' })
    assert.equal(error?.statusCode, '400', name)
    assert.match(error.message, /^Invalid key: /)
  }
  // fetch resolves `..` in the URL before sending, so this lands in Bob's folder, where the policy refuses it.
  const climbing = await avatars.upload(`${env.USER_A}/../${env.USER_B}/x.txt`, 'x', { contentType: 'text/plain' })
  assert.equal(climbing.error.statusCode, '403')
  assert.equal((await avatars.list(env.USER_A, { search: 'x.txt' })).data.length, 0)
  const { error } = await service.storage.createBucket('../etc')
  assert.equal(error.statusCode, '400')
})

test('signed upload URL and range downloads', async () => {
  const avatars = ann.storage.from('avatars')
  const path = `${env.USER_A}/signed-upload.txt`
  const signed = await avatars.createSignedUploadUrl(path)
  assert.equal(signed.error, null)
  const put = await client(null).storage.from('avatars').uploadToSignedUrl(path, signed.data.token, 'via token', { contentType: 'text/plain' })
  assert.equal(put.error, null)
  assert.equal(put.data.fullPath, `avatars/${path}`)
  const ranged = await fetch(`${env.GATEWAY_URL}/storage/v1/object/authenticated/avatars/${path}`, {
    headers: { apikey: env.ANON_KEY, Authorization: `Bearer ${env.TOKEN_A}`, Range: 'bytes=4-8' },
  })
  assert.equal(ranged.status, 206)
  assert.equal(ranged.headers.get('content-range'), 'bytes 4-8/9')
  assert.equal(await ranged.text(), 'token')
  const many = await avatars.createSignedUrls([path, `${env.USER_A}/none.txt`], 60)
  assert.equal(many.data[0].error, null)
  assert.equal(await (await fetch(many.data[0].signedUrl)).text(), 'via token')
  assert.equal(many.data[1].signedUrl, null)
})

test('postgres_changes on storage.objects reach the owner only, as on any table', async () => {
  const watch = async (token) => {
    const watcher = client(token)
    watcher.realtime.setAuth(token)
    const seen = []
    const channel = watcher.channel(`objects-${Math.random()}`)
      .on('postgres_changes', { event: '*', schema: 'storage', table: 'objects' }, (p) => seen.push(p))
    await new Promise((resolve, reject) => channel.subscribe((status, error) =>
      status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(error ?? new Error(status))))
    return { watcher, seen }
  }
  const annWatch = await watch(env.TOKEN_A)
  const bobWatch = await watch(env.TOKEN_B)
  const path = `${env.USER_A}/live.txt`
  assert.equal((await ann.storage.from('avatars').upload(path, 'live', { contentType: 'text/plain' })).error, null)
  for (let waited = 0; !annWatch.seen.some((p) => p.eventType === 'INSERT') && waited < 5000; waited += 100) await sleep(100)
  const inserted = annWatch.seen.find((p) => p.eventType === 'INSERT')
  assert.equal(inserted.new.name, path)
  assert.equal(inserted.new.bucket_id, 'avatars')
  assert.equal(inserted.new.metadata.size, 4)
  await sleep(500)
  assert.equal(bobWatch.seen.length, 0)
  await annWatch.watcher.removeAllChannels()
  await bobWatch.watcher.removeAllChannels()
})

test('listV2: folders and objects one level down, pages with a cursor, flat listing, as the caller may see them', async () => {
  const avatars = service.storage.from('avatars')
  const names = ['listv2/b.txt', 'listv2/a.txt', 'listv2/sub/c.txt', 'listv2/sub/d.txt', 'listv2/z/e.txt']
  for (const name of names) {
    assert.equal((await avatars.upload(name, name, { contentType: 'text/plain' })).error, null)
  }
  const all = await avatars.listV2({ prefix: 'listv2/', with_delimiter: true })
  assert.equal(all.error, null)
  assert.equal(all.data.hasNext, false)
  assert.deepEqual(all.data.folders.map((f) => f.name), ['listv2/sub/', 'listv2/z/'])
  assert.deepEqual(all.data.objects.map((o) => o.name), ['listv2/a.txt', 'listv2/b.txt'])
  assert.equal(all.data.objects[0].metadata.size, 'listv2/a.txt'.length)

  const first = await avatars.listV2({ prefix: 'listv2/', with_delimiter: true, limit: 3 })
  assert.equal(first.data.hasNext, true)
  assert.deepEqual([...first.data.objects, ...first.data.folders].map((e) => e.name),
    ['listv2/a.txt', 'listv2/b.txt', 'listv2/sub/'])
  const second = await avatars.listV2({ prefix: 'listv2/', with_delimiter: true, limit: 3, cursor: first.data.nextCursor })
  assert.equal(second.data.hasNext, false)
  assert.deepEqual(second.data.folders.map((f) => f.name), ['listv2/z/'])
  assert.deepEqual(second.data.objects, [])

  const flat = []
  let cursor
  do {
    const page = await avatars.listV2({ prefix: 'listv2/', limit: 2, cursor })
    assert.equal(page.error, null)
    assert.deepEqual(page.data.folders, [])
    flat.push(...page.data.objects.map((o) => o.name))
    cursor = page.data.hasNext ? page.data.nextCursor : undefined
  } while (cursor)
  assert.deepEqual(flat, [...names].sort())
  const newestFirst = await avatars.listV2({ prefix: 'listv2/', sortBy: { column: 'created_at', order: 'desc' }, limit: 1 })
  assert.equal(newestFirst.data.objects[0].name, 'listv2/z/e.txt')
  const byDate = []
  cursor = undefined
  do {
    const page = await avatars.listV2({ prefix: 'listv2/', sortBy: { column: 'created_at', order: 'desc' }, limit: 2, cursor })
    byDate.push(...page.data.objects.map((o) => o.name))
    cursor = page.data.hasNext ? page.data.nextCursor : undefined
  } while (cursor)
  assert.deepEqual(byDate, [...names].reverse())

  const annSees = await ann.storage.from('avatars').listV2({ with_delimiter: true })
  assert.equal(annSees.error, null)
  assert.deepEqual(annSees.data.folders.map((f) => f.name), [`${env.USER_A}/`])
  assert.deepEqual(annSees.data.objects, [])
  assert.equal((await avatars.remove(names)).error, null)
})
