import { formatDate } from './format-date';

describe('formatDate', () => {
  it('defaults to MMM dd, yyyy in local time', () => {
    expect(formatDate(new Date(2025, 0, 5, 13, 0))).toBe('Jan 05, 2025');
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('Dec 31, 2024');
  });

  it('shows the day unpadded in MMM d, yyyy', () => {
    expect(formatDate(new Date(2025, 8, 7, 10, 0).toISOString(), 'MMM d, yyyy')).toBe('Sep 7, 2025');
  });

  it('reads a bare calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2025-06-05', 'd MMMM yyyy')).toBe('5 June 2025');
    expect(formatDate('2025-01-01', 'MMM dd, yyyy')).toBe('Jan 01, 2025');
  });

  it('gives numeric dates and times padded', () => {
    const moment = new Date(2025, 10, 3, 9, 4);
    expect(formatDate(moment, 'yyyy-MM-dd')).toBe('2025-11-03');
    expect(formatDate(moment.toISOString(), 'yyyy-MM-dd HH:mm')).toBe('2025-11-03 09:04');
  });

  it('shows an absent date as nothing', () => {
    expect(formatDate(null, 'MMM d, yyyy')).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
  });
});
