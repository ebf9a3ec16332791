import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Merge class names; later Tailwind classes win over earlier ones (callers' className last). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
