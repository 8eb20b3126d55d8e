export const shortIdLength = 6;

export function shortId(id: string): string {
  return id.slice(-shortIdLength);
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** Distance from now in words, e.g. "3 days ago", "in about 2 hours". */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const diffSeconds = Math.round((now.getTime() - new Date(value).getTime()) / 1000);
  const seconds = Math.abs(diffSeconds);
  const minutes = Math.round(seconds / 60);
  const hours = Math.round(seconds / 3600);
  const days = Math.round(seconds / 86400);
  const monthsAgo = Math.round(days / 30);
  const years = Math.floor(days / 365);
  let words: string;
  if (seconds < 45) words = 'less than a minute';
  else if (minutes < 45) words = plural(minutes, 'minute');
  else if (hours < 24) words = `about ${plural(hours, 'hour')}`;
  else if (days < 30) words = plural(days, 'day');
  else if (days < 365) words = monthsAgo <= 1 ? 'about 1 month' : plural(monthsAgo, 'month');
  else words = `about ${plural(years, 'year')}`;
  return diffSeconds >= 0 ? `${words} ago` : `in ${words}`;
}

export type DueState = 'overdue' | 'due-soon' | 'later';

const dayMs = 86_400_000;

/** Overdue if before now; due soon if within 0 to 2 days ahead. */
export function dueState(dueDate: string, now: Date = new Date()): DueState {
  const diff = new Date(dueDate).getTime() - now.getTime();
  if (diff < 0) return 'overdue';
  if (diff <= 2 * dayMs) return 'due-soon';
  return 'later';
}

export function titleCase(value: string): string {
  return value
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
