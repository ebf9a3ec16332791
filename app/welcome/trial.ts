import { addDays, format } from 'date-fns';
import { TRIAL_DAYS } from '@domain/billing';

/** The trial's end date as the welcome text shows it: today + 7 days, like 'March 5th, 2025'. */
export function trialEndText(today: Date): string {
  return format(addDays(today, TRIAL_DAYS), 'MMMM do, yyyy');
}
