/** The fragment names the auth server's redirect after a confirmation link carries the new session in. */
const tokenParams = ['access_token', 'refresh_token', 'provider_token', 'provider_refresh_token'];

/**
 * The address without the session tokens a confirmation link's redirect leaves in its fragment, or null when there
 * are none. The site does not take a session from the address (users sign in after confirming), so the tokens would
 * only sit in the address bar, the history and anything the address is copied into.
 */
export function addressWithoutAuthTokens(url: URL): string | null {
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (!tokenParams.some((name) => fragment.has(name))) return null;
  return `${url.pathname}${url.search}`;
}

export function removeAuthTokensFromAddress(): void {
  const cleaned = addressWithoutAuthTokens(new URL(window.location.href));
  if (cleaned !== null) window.history.replaceState(window.history.state, '', cleaned);
}
