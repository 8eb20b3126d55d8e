const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const longMonths = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** The layouts the site shows, named by their pattern: "Jan 05, 2025", "Jan 5, 2025", "5 January 2025", ... */
export type DatePattern = 'MMM dd, yyyy' | 'MMM d, yyyy' | 'd MMMM yyyy' | 'yyyy-MM-dd' | 'yyyy-MM-dd HH:mm';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

type Parts = { year: number; month: number; day: number; hours: number; minutes: number };

// A bare calendar date ("2025-06-05") names the same day everywhere, so it is read in UTC; a moment in time is shown
// in the visitor's local time.
function partsOf(value: string | Date): Parts {
  if (typeof value === 'string' && dateOnly.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), hours: 0, minutes: 0 };
  }
  const date = new Date(value);
  return {
    year: date.getFullYear(),
    month: date.getMonth(),
    day: date.getDate(),
    hours: date.getHours(),
    minutes: date.getMinutes(),
  };
}

/** The date in the given pattern; an absent date is shown as an empty string. */
export function formatDate(value: string | Date | null | undefined, pattern: DatePattern = 'MMM dd, yyyy'): string {
  if (value === null || value === undefined || value === '') return '';
  const { year, month, day, hours, minutes } = partsOf(value);
  switch (pattern) {
    case 'MMM dd, yyyy':
      return `${shortMonths[month]} ${pad(day)}, ${year}`;
    case 'MMM d, yyyy':
      return `${shortMonths[month]} ${day}, ${year}`;
    case 'd MMMM yyyy':
      return `${day} ${longMonths[month]} ${year}`;
    case 'yyyy-MM-dd':
      return `${year}-${pad(month + 1)}-${pad(day)}`;
    case 'yyyy-MM-dd HH:mm':
      return `${year}-${pad(month + 1)}-${pad(day)} ${pad(hours)}:${pad(minutes)}`;
  }
}
