/** The error's own message when it has a non-blank one, else the fallback (the spec's text, or nothing). */
export function errorMessage(error: unknown, fallback: string): string;
export function errorMessage(error: unknown, fallback?: string): string | undefined;
export function errorMessage(error: unknown, fallback?: string): string | undefined {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}
