/**
 * Date and time as en-US shows them with `{ month: 'short', day: 'numeric', year: 'numeric',
 * hour: 'numeric', minute: '2-digit' }`, e.g. 'Nov 20, 2026, 2:05 PM', in the browser's
 * time zone, without `Intl`.
 *
 * Why not `Intl.DateTimeFormat`: the first one a page creates loads the locale's data and took
 * 21–27 ms of main thread on our reference machine (about 100 ms at Lighthouse's 4x CPU), right
 * while the dashboard's first rows render (decision 011: total blocking time). The format is fixed,
 * so it is spelled out here; a unit test checks it against `Intl` for thousands of instants.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDateTime(date: Date): string {
  const hours = date.getHours();
  const minutes = date.getMinutes();
  return (
    `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ` +
    `${hours % 12 || 12}:${minutes < 10 ? '0' : ''}${minutes} ${hours < 12 ? 'AM' : 'PM'}`
  );
}

/** An ISO timestamp formatted by {@link formatDateTime}, or null when it is not a date. */
export function formatIsoDateTime(iso: string | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatDateTime(date);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * How long ago (or until) `date` is from `now`, as a list reads best (docs/decisions/059): 'just
 * now' under a minute, then minutes, hours, days up to a week, then the date ('Nov 20, 2026'). Each
 * unit rounds down ('59 minutes ago', then '1 hour ago'). A time ahead of `now` (a clock that
 * runs ahead) reads 'in 5 minutes'. Spelled out rather than `Intl.RelativeTimeFormat` for the
 * reason formatDateTime gives.
 */
export function formatRelative(date: Date, now: Date): string {
  const diff = now.getTime() - date.getTime();
  const ahead = diff < 0;
  const span = Math.abs(diff);
  if (span < MINUTE_MS) return 'just now';
  let text: string;
  if (span < HOUR_MS) text = plural(Math.floor(span / MINUTE_MS), 'minute');
  else if (span < DAY_MS) text = plural(Math.floor(span / HOUR_MS), 'hour');
  else if (span < 7 * DAY_MS) text = plural(Math.floor(span / DAY_MS), 'day');
  else return formatDateTime(date).replace(/, \d{1,2}:\d{2} [AP]M$/, '');
  return ahead ? `in ${text}` : `${text} ago`;
}
