import { RelativeTime } from '@ui/primitives/relative-time/relative-time';
import { formatDateTime, formatRelative } from './date-time';

/**
 * An ISO time as '3 hours ago', with the exact time on hover and focus (docs/decisions/059); the
 * raw text when it is not a date. `now` is read at render: a list re-renders with its data (and
 * live updates refetch it), so the words stay about right without a timer per cell.
 */
export function TimeAgo({ iso, now }: { iso: string; now?: Date }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return (
    <RelativeTime
      dateTime={iso}
      relative={formatRelative(date, now ?? new Date())}
      exact={formatDateTime(date)}
    />
  );
}
