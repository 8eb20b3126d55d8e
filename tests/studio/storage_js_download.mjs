// Downloads BUCKET/OBJECT_PATH with storage-js (through supabase-js, with the service-role key); prints
// {error} or {text} as JSON. Run from tests/node, whose node_modules hold the supabase-js the Node tests use.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const { createClient } = require('@supabase/supabase-js');
const ws = require('ws');

const { GATEWAY_URL, SERVICE_ROLE_KEY, BUCKET, OBJECT_PATH } = process.env;
const client = createClient(GATEWAY_URL, SERVICE_ROLE_KEY, { auth: { persistSession: false }, realtime: { transport: ws } });
const { data, error } = await client.storage.from(BUCKET).download(OBJECT_PATH);
console.log(JSON.stringify(error ? { error: error.message } : { text: await data.text(), type: data.type }));
