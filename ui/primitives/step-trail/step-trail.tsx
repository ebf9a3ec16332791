import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { CheckIcon, ChevronRightIcon } from '../icons/icons';
import { cn } from '../../lib/cn';

export type StepState = 'complete' | 'current' | 'upcoming';

/** One step of the trail; `state` comes from its position relative to `current`. */
export const stepTrailVariants = cva(
  'flex items-center gap-2 rounded-full py-1 ps-1 pe-3 text-sm whitespace-nowrap',
  {
    variants: {
      state: {
        complete: 'text-ink-muted',
        current: 'bg-brand-50 font-semibold text-brand-800',
        upcoming: 'text-ink-muted',
      },
    },
    defaultVariants: { state: 'upcoming' },
  },
);

const markerClasses: Record<StepState, string> = {
  complete: 'border-success-solid bg-success-solid text-ink-inverse',
  current: 'border-brand-600 bg-surface text-brand-600',
  upcoming: 'border-surface-strong bg-surface text-surface-border',
};

export type StepTrailProps = Omit<React.ComponentProps<'ol'>, 'children'> &
  Omit<VariantProps<typeof stepTrailVariants>, 'state'> & {
    /** Step labels in order, e.g. ['SSO Settings', 'Select Groups', 'Send Invitations']. */
    steps: string[];
    /** Index of the current step (0-based); steps before it are complete. */
    current: number;
    /** Screen-reader suffix of a finished step. */
    completedLabel?: string;
  };

/** Where the user is in a multi-step flow: the current step has aria-current="step". */
export function StepTrail({
  steps,
  current,
  completedLabel = 'completed',
  'aria-label': ariaLabel = 'Progress',
  className,
  ...props
}: StepTrailProps) {
  return (
    <ol
      data-slot="step-trail"
      aria-label={ariaLabel}
      className={cn('flex flex-wrap items-center gap-x-1 gap-y-2', className)}
      {...props}
    >
      {steps.map((step, index) => {
        const state: StepState =
          index < current ? 'complete' : index === current ? 'current' : 'upcoming';
        return (
          <li
            key={`${index}-${step}`}
            data-slot="step-trail-step"
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex items-center gap-1"
          >
            {index > 0 ? (
              <ChevronRightIcon
                data-slot="step-trail-separator"
                className="size-4 shrink-0 text-ink-subtle"
              />
            ) : null}
            <span className={stepTrailVariants({ state })}>
              <span
                aria-hidden
                data-slot="step-trail-marker"
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border',
                  markerClasses[state],
                )}
              >
                {/* No number: some flows' labels carry their own ('1. Upload CSV'). */}
                {state === 'complete' ? (
                  <CheckIcon className="size-3.5" strokeWidth={3} />
                ) : (
                  <span className="size-2 rounded-full bg-current" />
                )}
              </span>
              <span data-slot="step-trail-label">{step}</span>
              {state === 'complete' ? <span className="sr-only"> ({completedLabel})</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
