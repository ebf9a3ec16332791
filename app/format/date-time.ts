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
