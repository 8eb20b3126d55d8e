/** A time the gateway gave, in the reader's locale; a dash when there is none. */
export function when(value: string | undefined | null): string {
  return value ? new Date(value).toLocaleString() : '—';
}
