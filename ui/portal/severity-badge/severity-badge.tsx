import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { KNOWN_ALERT_SEVERITIES, type KnownAlertSeverity } from '@domain/alerts';
import { DEVICE_SEVERITIES, DEVICE_SEVERITY_LABELS, type DeviceSeverity } from '@domain/devices';

import { cn } from '../../lib/cn';

/** The alert severities (lower-cased) and device severities with a colour, and 'neutral'. */
export type Severity = Lowercase<KnownAlertSeverity> | DeviceSeverity | 'neutral';

export const severityBadgeVariants = cva(
  'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      severity: {
        critical: 'border-severity-critical/40 bg-severity-critical-bg text-severity-critical',
        high: 'border-severity-high/40 bg-severity-high-bg text-severity-high',
        // severity-warning on its background is just under 4.5:1; the warning text token passes.
        warning: 'border-severity-warning/40 bg-severity-warning-bg text-warning-fg',
        suspicious:
          'border-severity-suspicious/40 bg-severity-suspicious-bg text-severity-suspicious',
        low: 'border-severity-low/40 bg-severity-low-bg text-severity-low',
        secure: 'border-severity-secure/40 bg-severity-secure-bg text-severity-secure',
        neutral: 'border-severity-neutral/40 bg-severity-neutral-bg text-severity-neutral',
      },
    },
    defaultVariants: { severity: 'neutral' },
  },
);

const SEVERITIES: ReadonlySet<string> = new Set<Severity>([
  ...KNOWN_ALERT_SEVERITIES.map((s) => s.toLowerCase() as Lowercase<KnownAlertSeverity>),
  ...DEVICE_SEVERITIES,
  'neutral',
]);

/** An alert severity's name is its text ('Critical', 'High', 'Suspicious', 'Low'). */
const ALERT_SEVERITY_LABELS = Object.fromEntries(
  KNOWN_ALERT_SEVERITIES.map((severity) => [severity.toLowerCase(), severity]),
) as Record<Lowercase<KnownAlertSeverity>, string>;

/**
 * Default labels, from domain/: the alert severities' names and the dashboard's 'Secure'. 'Warning'
 * and 'Unknown' are the badge's own words; the app passes its own where wording differs (the
 * dashboard's warning is 'Fixes needed', `DEVICE_SEVERITY_LABELS`).
 */
export const SEVERITY_LABELS: Record<Severity, string> = {
  ...ALERT_SEVERITY_LABELS,
  warning: 'Warning',
  secure: DEVICE_SEVERITY_LABELS.secure,
  neutral: 'Unknown',
};

/** Maps a server value ('CRITICAL', 'secure', null, 'something new'…) to a badge variant. */
export function toSeverity(value: string | null | undefined): Severity {
  const normalized = (value ?? '').trim().toLowerCase() as Severity;
  return SEVERITIES.has(normalized) ? normalized : 'neutral';
}

export type SeverityBadgeProps = Omit<React.ComponentProps<'span'>, 'children'> &
  Omit<VariantProps<typeof severityBadgeVariants>, 'severity'> & {
    /** Any string: known severities get their colour (case-insensitive), anything else is neutral. */
    severity?: string | null;
    /** Text shown; defaults to `label`, then to the severity's default label. */
    children?: React.ReactNode;
    label?: string;
  };

/** A severity as a coloured pill with a dot; the text always says the severity (not colour alone). */
export function SeverityBadge({
  severity,
  label,
  className,
  children,
  ...props
}: SeverityBadgeProps) {
  const resolved = toSeverity(severity);
  return (
    <span
      data-slot="severity-badge"
      data-severity={resolved}
      className={cn(severityBadgeVariants({ severity: resolved }), className)}
      {...props}
    >
      <span aria-hidden className="size-1.5 shrink-0 rounded-full bg-current" />
      {children ?? label ?? SEVERITY_LABELS[resolved]}
    </span>
  );
}
