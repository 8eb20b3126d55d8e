import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import type { Platform } from '@/config/paths';
import { readSupabaseConfig } from './runtime-config';

const config = readSupabaseConfig();

function createPlatformClient(platform: Platform): SupabaseClient<Database> {
  return createClient<Database>(config.url, config.anonKey, {
    auth: {
      storageKey: `gulfsec-${platform}-auth`,
      persistSession: true,
      autoRefreshToken: true,
      // Both clients share one page; neither may consume the other's redirect tokens,
      // and the spec has users sign in after confirming their email.
      detectSessionInUrl: false,
    },
    global: { headers: { 'x-platform': platform } },
  });
}

export const partnerClient = createPlatformClient('partner');
export const ticketingClient = createPlatformClient('ticketing');

export function getClient(platform: Platform): SupabaseClient<Database> {
  return platform === 'partner' ? partnerClient : ticketingClient;
}
