/**
 * Times as the office reads them: every time the admin and `npm run messages` show is in India's
 * time zone (Asia/Kolkata, UTC+05:30, no daylight saving), whatever the server's own zone is.
 * The store keeps ISO timestamps in UTC; only what people read is converted.
 */
const INDIA = 'Asia/Kolkata';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `iso` (a timestamp or ms since the epoch) as "24 Nov 2026, 16:35 IST"; an unreadable value as it is. */
export function formatIndiaDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = Object.fromEntries(dateTime.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts['day']} ${parts['month']} ${parts['year']}, ${parts['hour']}:${parts['minute']} IST`;
}

const numeric = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `value` as "26/11/2026 12:06:17 IST" (day first, for a spreadsheet's cell); an unreadable value as it is. */
export function formatIndiaCell(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = Object.fromEntries(numeric.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts['day']}/${parts['month']}/${parts['year']} ${parts['hour']}:${parts['minute']}:${parts['second']} IST`;
}
