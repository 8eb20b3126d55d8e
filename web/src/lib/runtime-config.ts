export type SupabaseConfig = { url: string; anonKey: string };

declare global {
  interface Window {
    __SUPABASE_CONFIG__?: Partial<SupabaseConfig>;
  }
}

// The gateway injects window.__SUPABASE_CONFIG__ into index.html at serve time, so a
// built site works on any host without rebuilding; build-time env is the fallback for `vite dev`.
export function readSupabaseConfig(
  injected: Partial<SupabaseConfig> | undefined = window.__SUPABASE_CONFIG__,
  env: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string } = import.meta.env,
  origin: string = window.location.origin,
): SupabaseConfig {
  return {
    url: injected?.url || env.VITE_SUPABASE_URL || origin,
    anonKey: injected?.anonKey || env.VITE_SUPABASE_ANON_KEY || '',
  };
}
