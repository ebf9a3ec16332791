/**
 * The screens' side of live updates (docs/decisions/052-live-console.md): `useLiveNotices` listens
 * to the tab's one event stream while a screen is shown; `usePacedRevalidation` paces a list's
 * refetch (RevalidationPacer: at most one per 400 ms, none while one is in flight).
 */
import { useEffect, useRef, useState } from 'react';
import { EVENTS_PATH } from '@contract/events';
import { getSession } from '@contract/session';
import { api } from '../api/api';
import { config } from '../config';
import { LiveNotices, type LiveListener } from './notices';
import { RevalidationPacer } from './pacer';

/** The tab's one stream. A 401 of the session check applies the 401 rule (the API client). */
export const liveNotices = new LiveNotices({
  url: `${config.apiUrl}${EVENTS_PATH}`,
  onSessionCheck: () =>
    api.call(getSession).then(
      () => true,
      () => false,
    ),
});

let off = false;
/**
 * Screen stories render without a server to stream from (app/mocks/screen-decorator.tsx): the
 * stream stays closed there; the widgets' live states have stories of their own (ui/portal/).
 */
export function setLiveNoticesOff(value: boolean): void {
  off = value;
}

/** Calls `listener` for each notice while the calling screen is mounted. */
export function useLiveNotices(listener: LiveListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (off || typeof EventSource === 'undefined') return;
    return liveNotices.subscribe((notice) => latest.current(notice));
  }, []);
}

/**
 * A paced refetch of the visible page: `notify()` asks for one; `updatedAt` is when the last one
 * a notice caused finished (the dashboard's 'Updated' marker).
 */
export function usePacedRevalidation(revalidate: () => Promise<unknown>) {
  const latest = useRef(revalidate);
  useEffect(() => {
    latest.current = revalidate;
  });
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const pacer = useRef<RevalidationPacer | null>(null);
  // Made in the effect (not in render), so React's double mount in development gets a live one.
  useEffect(() => {
    const made = new RevalidationPacer(async () => {
      await latest.current();
      setUpdatedAt(new Date());
    });
    pacer.current = made;
    return () => {
      made.dispose();
      if (pacer.current === made) pacer.current = null;
    };
  }, []);
  return { notify: () => pacer.current?.notify(), updatedAt };
}
