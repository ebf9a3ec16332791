/**
 * The retry schedule of outbound work (pure): `DELIVERY_RETRY_SCHEDULE` is the seconds between
 * attempts, comma-separated. `60,300,1800,7200,43200` (the default) means six attempts in all: the
 * first at once, the second a minute after the first failed, … the last 12 hours after the fifth,
 * so a receiver that is down for most of a day still gets its events.
 */

export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [60, 300, 1800, 7200, 43200];

/** The longest wait one step may ask for (7 days): a typo like `43200000` is refused. */
const MAX_STEP_SECONDS = 7 * 24 * 60 * 60;

/**
 * `DELIVERY_RETRY_SCHEDULE` → seconds between attempts. Empty or unset: the default. `0` alone
 * (or `none`) means no retries: one attempt. Throws a sentence naming the problem otherwise.
 */
export function parseRetrySchedule(text: string | undefined): readonly number[] {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return DEFAULT_RETRY_SCHEDULE_SECONDS;
  if (trimmed === 'none' || trimmed === '0') return [];
  const parts = trimmed.split(',').map((part) => part.trim());
  const steps = parts.map((part) => (/^\d+(?:\.\d+)?$/.test(part) ? Number(part) : NaN));
  const bad = parts.find((_, i) => !Number.isFinite(steps[i]) || (steps[i] as number) <= 0);
  if (bad !== undefined) {
    throw new Error(
      `DELIVERY_RETRY_SCHEDULE must be seconds between attempts separated by commas, such as 60,300,1800 (or none); ${JSON.stringify(bad)} is not a positive number of seconds`,
    );
  }
  const tooLong = steps.find((s) => s > MAX_STEP_SECONDS);
  if (tooLong !== undefined) {
    throw new Error(
      `DELIVERY_RETRY_SCHEDULE: ${tooLong} seconds is longer than a week between two attempts`,
    );
  }
  return steps;
}

/** How many attempts a job gets under `schedule`: the first, then one per step. */
export function attemptsOf(schedule: readonly number[]): number {
  return schedule.length + 1;
}

/**
 * When attempt `attempt + 1` runs after attempt `attempt` (1-based) failed at `now`, or null when
 * that was the last one.
 */
export function nextAttemptAt(
  schedule: readonly number[],
  attempt: number,
  maxAttempts: number,
  now: Date,
): Date | null {
  if (attempt >= maxAttempts) return null;
  const seconds = schedule[attempt - 1] ?? schedule.at(-1);
  if (seconds === undefined) return null;
  return new Date(now.getTime() + seconds * 1000);
}
