// The todo list (tests/compat/apps/todos, the todo-list example's shape) through supabase-js, making the calls its
// TodoList component does: per-user rows, the task's check constraint, nothing for anonymous callers.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { closeClients, newClient, signUp } from './support.mjs'

after(closeClients)

test('a user adds, lists, completes and deletes their todos', async () => {
  const { client, user } = await signUp('todo')
  const { data: added, error } = await client.from('todos')
    .insert({ task: 'Buy milk', user_id: user.id }).select().single()
  assert.equal(error, null)
  assert.equal(added.task, 'Buy milk')
  assert.equal(added.is_complete, false)
  assert.equal(typeof added.id, 'number')

  const { data: listed } = await client.from('todos').select('*').order('id', { ascending: true })
  assert.deepEqual(listed.map((t) => t.task), ['Buy milk'])

  const { data: done, error: updateError } = await client.from('todos')
    .update({ is_complete: true }).eq('id', added.id).select().single()
  assert.equal(updateError, null)
  assert.equal(done.is_complete, true)

  const { error: deleteError, status } = await client.from('todos').delete().eq('id', added.id)
  assert.equal(deleteError, null)
  assert.equal(status, 204)
  const { data: after } = await client.from('todos').select('*')
  assert.deepEqual(after, [])
})

test('a task of three characters breaks the check constraint, in PostgREST\'s error shape', async () => {
  const { client, user } = await signUp('short')
  const { data, error, status } = await client.from('todos').insert({ task: 'abc', user_id: user.id }).select()
  assert.equal(data, null)
  assert.equal(status, 400)
  assert.equal(error.code, '23514')
  assert.equal(error.message, 'new row for relation "todos" violates check constraint "todos_task_check"')
  // PostgreSQL withholds "Failing row contains ..." from a table under row level security.
  assert.equal(error.details, null)
  assert.equal(error.hint, null)
})

test('another user\'s todos are invisible and untouchable', async () => {
  const owner = await signUp('owner')
  const other = await signUp('other')
  const { data: mine } = await owner.client.from('todos')
    .insert({ task: 'Private errand', user_id: owner.user.id }).select().single()

  const { data: seen } = await other.client.from('todos').select('*')
  assert.deepEqual(seen, [])
  const { data: byId } = await other.client.from('todos').select('*').eq('id', mine.id)
  assert.deepEqual(byId, [])
  const { data: updated, error } = await other.client.from('todos')
    .update({ task: 'Hijacked' }).eq('id', mine.id).select()
  assert.equal(error, null)
  assert.deepEqual(updated, [])
  await other.client.from('todos').delete().eq('id', mine.id)

  const forged = await other.client.from('todos').insert({ task: 'Planted errand', user_id: owner.user.id })
  assert.equal(forged.status, 403)
  assert.equal(forged.error.code, '42501')
  assert.equal(forged.error.message, 'new row violates row-level security policy for table "todos"')

  const { data: intact } = await owner.client.from('todos').select('task').eq('id', mine.id).single()
  assert.equal(intact.task, 'Private errand')
})

test('anonymous callers see no todos and cannot add one', async () => {
  const owner = await signUp('visible')
  await owner.client.from('todos').insert({ task: 'Not for strangers', user_id: owner.user.id })
  const anon = newClient()
  const { data, error } = await anon.from('todos').select('*')
  assert.equal(error, null)
  assert.deepEqual(data, [])
  const refused = await anon.from('todos').insert({ task: 'Anonymous task', user_id: owner.user.id })
  assert.equal(refused.status, 401)
  assert.equal(refused.error.code, '42501')
})
