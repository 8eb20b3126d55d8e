import { readSupabaseConfig } from './runtime-config';

describe('readSupabaseConfig', () => {
  const env = { VITE_SUPABASE_URL: 'http://env:1', VITE_SUPABASE_ANON_KEY: 'env-key' };

  it('prefers the configuration injected by the gateway', () => {
    expect(readSupabaseConfig({ url: 'http://gw:2', anonKey: 'gw-key' }, env, 'http://origin')).toEqual({
      url: 'http://gw:2',
      anonKey: 'gw-key',
    });
  });

  it('falls back to build-time env', () => {
    expect(readSupabaseConfig(undefined, env, 'http://origin')).toEqual({ url: 'http://env:1', anonKey: 'env-key' });
  });

  it('defaults the url to the page origin', () => {
    expect(readSupabaseConfig(undefined, {}, 'http://origin')).toEqual({ url: 'http://origin', anonKey: '' });
  });
});
