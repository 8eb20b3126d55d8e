import type { Partner } from '../types';

const dayMs = 24 * 60 * 60 * 1000;

// The procedure returns a single record; depending on the server it arrives as an object or a one-row array.
export function unwrapPartnerRecord(data: unknown): Partner | null {
  const record = Array.isArray(data) ? data[0] : data;
  return record && typeof record === 'object' && 'id' in record ? (record as Partner) : null;
}

export function partnershipDays(createdAt: string, now: Date): number {
  const elapsed = now.getTime() - new Date(createdAt).getTime();
  return Math.max(0, Math.floor(elapsed / dayMs));
}
