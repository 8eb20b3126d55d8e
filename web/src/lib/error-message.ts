/**
 * Words for the failures a person can act on, by the PostgreSQL or PostgREST code the server answers with. The
 * server's own text for them (e.g. "new row violates row-level security policy for table tickets") is for
 * developers, not for the site's visitors.
 */
const reasonsByCode: Record<string, string> = {
  '42501': 'Your account does not have permission to do this.',
  PGRST301: 'Your session has expired. Please sign in again.',
  PGRST303: 'Your session has expired. Please sign in again.',
  '23505': 'An entry with these details already exists.',
  '23503': 'This is linked to other records, or refers to one that no longer exists.',
  '23502': 'A required value is missing.',
  '23514': 'One of the values is not allowed.',
  '22P02': 'One of the values is not in the expected format.',
  '22001': 'One of the values is too long.',
};

const unreachable = 'Could not reach the server. Please check your connection and try again.';

/** Text that is a database's, a server's or JSON, not a sentence for a visitor. */
const rawText =
  /row-level security|violates|relation "|column "|syntax error|duplicate key|null value|invalid input|permission denied|PGRST|JWT|[{}[\]]|^\s*$/i;

export function isRawErrorText(text: string): boolean {
  return rawText.test(text);
}

/**
 * A sentence for the failure: words for a known code, the error's own message when it reads as one, else the
 * fallback (the spec's text, or nothing).
 */
export function errorMessage(error: unknown, fallback: string): string;
export function errorMessage(error: unknown, fallback?: string): string | undefined;
export function errorMessage(error: unknown, fallback?: string): string | undefined {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  if (typeof code === 'string' && code in reasonsByCode) return reasonsByCode[code];
  if (typeof message !== 'string') return fallback;
  if (/^(Failed to fetch|NetworkError|Load failed)/.test(message)) return unreachable;
  return isRawErrorText(message) ? fallback : message;
}
