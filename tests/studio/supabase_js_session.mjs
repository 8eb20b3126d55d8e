// With REFRESH_TOKEN, refreshes that session through supabase-js; else signs in with supabase-js as EMAIL/PASSWORD.
// Prints {error} or {refresh_token} as JSON. Run from tests/node, whose node_modules hold supabase-js.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const { createClient } = require('@supabase/supabase-js');
const ws = require('ws');

const { GATEWAY_URL, ANON_KEY, EMAIL, PASSWORD, REFRESH_TOKEN } = process.env;
const client = createClient(GATEWAY_URL, ANON_KEY, {
  auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws },
});
const { data, error } = REFRESH_TOKEN
  ? await client.auth.refreshSession({ refresh_token: REFRESH_TOKEN })
  : await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
console.log(JSON.stringify(error ? { error: { code: error.code, message: error.message } }
  : { refresh_token: data.session.refresh_token }));
