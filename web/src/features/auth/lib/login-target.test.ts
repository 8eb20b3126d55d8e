import { afterLoginPath, cameAfterFailure, loginAfterFailureState, loginPlatform, readFrom } from './login-target';

describe('login target', () => {
  it('reads the remembered page from router state', () => {
    expect(readFrom({ from: { pathname: '/partner-portal', search: '' } })).toEqual({
      pathname: '/partner-portal',
      search: '',
    });
    expect(readFrom(null)).toBeNull();
    expect(readFrom({})).toBeNull();
  });

  it('picks the platform from the query, else the remembered page, else ticketing', () => {
    expect(loginPlatform('partner', null)).toBe('partner');
    expect(loginPlatform('ticketing', { pathname: '/partner-admin' })).toBe('ticketing');
    expect(loginPlatform(null, { pathname: '/partner-admin' })).toBe('partner');
    expect(loginPlatform(null, { pathname: '/event-registrations' })).toBe('partner');
    expect(loginPlatform(null, { pathname: '/crowdsec-event' })).toBe('partner');
    expect(loginPlatform(null, { pathname: '/dashboard' })).toBe('ticketing');
    expect(loginPlatform(null, null)).toBe('ticketing');
  });

  it('returns to the remembered page, else the platform home', () => {
    expect(afterLoginPath('partner', { pathname: '/partner-profile', search: '?tab=2' })).toBe('/partner-profile?tab=2');
    expect(afterLoginPath('ticketing', null)).toBe('/dashboard');
    expect(afterLoginPath('partner', null)).toBe('/partner-portal');
  });

  it('marks the way to /login from a page that failed to load', () => {
    const state = loginAfterFailureState({ pathname: '/partner-portal' });
    expect(readFrom(state)).toEqual({ pathname: '/partner-portal' });
    expect(cameAfterFailure(state)).toBe(true);
    expect(cameAfterFailure({ from: { pathname: '/partner-portal' } })).toBe(false);
    expect(cameAfterFailure(null)).toBe(false);
  });
});
