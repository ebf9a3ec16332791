import { FIXTURE_NOW, FIXTURE_NOW_MS } from '@contract/fixtures/random';

/**
 * Storybook's clock: every story starts at the fixtures' "now" (FIXTURE_NOW, 2026-11-20T14:05:00Z),
 * so 'Invite was sent 2 hours ago', 'Expires on …' and the welcome screen's trial date read the
 * same on every run, in every screenshot and in Chromatic. The clock still advances (at the speed
 * of `performance.now()`), so timers, debounces, SWR and 'x ms later' checks behave normally.
 *
 * Only the current time changes: `new Date()`, `Date.now()` and `Date()` read the frozen clock;
 * `new Date(value)`, `Date.parse`, `Date.UTC`, `instanceof Date` and `Date.prototype` are the real
 * ones. `performance.now()` and `Intl.DateTimeFormat().format()` with no date are not affected.
 *
 * preview.tsx imports this module first: Storybook evaluates the preview annotations before it
 * imports any story file (story files are loaded on demand, per story), so module-level
 * `new Date()` in stories and the code they import already sees the frozen clock.
 */
export const STORYBOOK_NOW = FIXTURE_NOW;

interface ClockState {
  realDate: DateConstructor;
  /** performance.now() when the clock was last set. */
  anchorReal: number;
  /** The frozen clock's time at that moment. */
  anchorNow: number;
}

// On the global object, so a re-evaluated module (hot reload) keeps the one installed clock.
const holder = globalThis as typeof globalThis & { __storybookClock?: ClockState };
const alreadyInstalled = holder.__storybookClock !== undefined;
const clock: ClockState = (holder.__storybookClock ??= {
  realDate: globalThis.Date,
  anchorReal: performance.now(),
  anchorNow: FIXTURE_NOW_MS,
});

/** Milliseconds since the epoch on the frozen clock. */
export function storybookNow(): number {
  return clock.anchorNow + Math.floor(performance.now() - clock.anchorReal);
}

/** Puts the clock back at STORYBOOK_NOW; preview.tsx calls it before every story. */
export function resetStorybookClock(): void {
  clock.anchorReal = performance.now();
  clock.anchorNow = FIXTURE_NOW_MS;
}

if (!alreadyInstalled) {
  const RealDate = clock.realDate;
  globalThis.Date = new Proxy(RealDate, {
    // `new Date()` → now on the frozen clock; `new Date(anything)` → unchanged.
    construct(target, args: unknown[], newTarget: new (...a: unknown[]) => object) {
      return Reflect.construct(target, args.length === 0 ? [storybookNow()] : args, newTarget);
    },
    // `Date()` called as a function returns the current time as a string.
    apply() {
      return new RealDate(storybookNow()).toString();
    },
    get(target, property, receiver) {
      if (property === 'now') return storybookNow;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
