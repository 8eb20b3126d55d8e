import { createClient } from '@supabase/supabase-js';
import { apiUrl, config } from '@/lib/config';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** The gateway's own APIs (REST, auth admin) with the service-role key, on `schema`. */
export function schemaClient(schema: string) {
  return createClient(apiUrl, config.serviceRoleKey, { ...options, db: { schema } });
}

export type Client = ReturnType<typeof schemaClient>;

export const admin: Client = schemaClient('public');

/** REST as another caller: the anon key as apikey and that caller's token, as supabase-js sends them. */
export function clientAs(token: string, schema: string): Client {
  return createClient(apiUrl, config.anonKey, {
    ...options,
    db: { schema },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}
