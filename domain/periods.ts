/**
 * Periods (3 days, 7 days, 2 weeks, never), shared by the conditional access policy
 * (quarantine after…) and the device scan reminder (Device Scan Checks Frequency). Each area
 * words them its own way: see `QUARANTINE_PERIOD_LABELS` and `SCAN_CHECK_PERIOD_LABELS`.
 */
export const PERIODS = ['THREE_DAYS', 'SEVEN_DAYS', 'TWO_WEEKS', 'NEVER'] as const;
export type Period = (typeof PERIODS)[number];
