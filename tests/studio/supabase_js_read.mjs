// Signs in with supabase-js as EMAIL/PASSWORD and reads TABLE, ordered by id; prints {error} or {rows} as JSON.
// Run from tests/node, whose node_modules hold the supabase-js the other Node tests use.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const { createClient } = require('@supabase/supabase-js');
const ws = require('ws');

const { GATEWAY_URL, ANON_KEY, EMAIL, PASSWORD, TABLE } = process.env;
const client = createClient(GATEWAY_URL, ANON_KEY, { auth: { persistSession: false }, realtime: { transport: ws } });
const signedIn = await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
if (signedIn.error) {
  console.log(JSON.stringify({ error: { code: signedIn.error.code, message: signedIn.error.message } }));
} else {
  const { data, error } = await client.from(TABLE).select('*').order('id');
  console.log(JSON.stringify(error ? { error } : { rows: data }));
}
