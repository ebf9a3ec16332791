import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { ENROLMENT_LABELS } from '@domain/devices';

import { CheckCircleIcon, CircleDashIcon } from '../../primitives/icons/icons';
import { cn } from '../../lib/cn';

export const enrolmentStatusVariants = cva(
  'inline-flex items-center gap-1.5 text-sm font-medium whitespace-nowrap [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      status: {
        enrolled: 'text-severity-secure',
        'not-enrolled': 'text-ink-muted',
      },
    },
    defaultVariants: { status: 'not-enrolled' },
  },
);

export type EnrolmentStatusProps = Omit<React.ComponentProps<'span'>, 'children'> &
  Omit<VariantProps<typeof enrolmentStatusVariants>, 'status'> & {
    enrolled: boolean;
    enrolledLabel?: string;
    notEnrolledLabel?: string;
  };

/** Whether a device is enrolled: an icon plus text, so it never relies on colour alone. */
export function EnrolmentStatus({
  enrolled,
  enrolledLabel = ENROLMENT_LABELS.enrolled,
  notEnrolledLabel = ENROLMENT_LABELS.notEnrolled,
  className,
  ...props
}: EnrolmentStatusProps) {
  const status = enrolled ? 'enrolled' : 'not-enrolled';
  const Icon = enrolled ? CheckCircleIcon : CircleDashIcon;
  return (
    <span
      data-slot="enrolment-status"
      data-state={status}
      className={cn(enrolmentStatusVariants({ status }), className)}
      {...props}
    >
      <Icon />
      {enrolled ? enrolledLabel : notEnrolledLabel}
    </span>
  );
}
