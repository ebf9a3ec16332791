import type { Logger } from '../deps';

/**
 * A warning that unauthenticated requests can cause, logged at most once per `intervalMs` as a
 * count (each refused reset request used to write a line, so requests could flood the log:
 * docs/decisions/015-sign-in-security.md). The first event logs at once; events within the interval
 * after it are counted and reported by the first event after the interval.
 */
export function logAtMostEvery(
  intervalMs: number,
  describe: (count: number) => string,
): (logger: Logger, now: Date) => void {
  let windowStart = -Infinity;
  let pending = 0;
  return (logger, now) => {
    pending += 1;
    if (now.getTime() - windowStart < intervalMs) return;
    logger.warn(describe(pending));
    pending = 0;
    windowStart = now.getTime();
  };
}
