import { afterEach, describe, expect, it } from 'vitest';
import { addressWithoutAuthTokens, removeAuthTokensFromAddress } from './auth-redirect';

const confirmed =
  'https://gulfsec.example/?welcome=1#access_token=eyJ.a.b&expires_at=1&expires_in=3600&refresh_token=r1&token_type=bearer&type=signup';

describe('the tokens of a confirmation redirect', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('are cut from the address, keeping its path and query', () => {
    expect(addressWithoutAuthTokens(new URL(confirmed))).toBe('/?welcome=1');
    expect(addressWithoutAuthTokens(new URL('https://gulfsec.example/login#refresh_token=r1'))).toBe('/login');
  });

  it('leave any other address alone', () => {
    expect(addressWithoutAuthTokens(new URL('https://gulfsec.example/services#framework'))).toBeNull();
    expect(addressWithoutAuthTokens(new URL('https://gulfsec.example/?access_token=not-a-fragment'))).toBeNull();
  });

  it('are gone from the browser address without a new history entry', () => {
    window.history.replaceState(null, '', '/#access_token=eyJ.a.b&refresh_token=r1&type=signup');
    const entries = window.history.length;
    removeAuthTokensFromAddress();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/');
    expect(window.history.length).toBe(entries);
  });
});
