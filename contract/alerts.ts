import * as z from 'zod/mini';
import { ALERT_STATUS_FILTERS, ALERT_STATUSES, DEFAULT_ALERT_PAGE_SIZE } from '@domain/alerts';
import { MAX_PAGE_SIZE } from '@domain/pagination';
import { defineEndpoint, MessageBody, messageFields } from './endpoint';
import { BULK_MAX_ITEMS, idField, isoDateTime, positiveIntQuery } from './fields';

export const AlertStatus = z.enum(ALERT_STATUSES);
export type AlertStatus = z.infer<typeof AlertStatus>;

/**
 * An alert (docs/product/alerts.md). `scanId` identifies the alert (update calls send scanIds as
 * alertIds). `alertDescription` is JSON text holding a list of `{ threat }` objects; read it with
 * {@link parseAlertThreats}, since it may be malformed.
 */
export const Alert = z.object({
  alertName: z.string(),
  alertDescription: z.string(),
  severity: z.string(),
  alertStatus: AlertStatus,
  memberName: z.nullable(z.string()),
  /** The device the scan ran on, as a display text (model, or the enrolment code). */
  device: z.string(),
  scanTime: isoDateTime(),
  scanId: z.string(),
});
export type Alert = z.infer<typeof Alert>;

/** Filter key of the alerts console: absent means all alerts (the spec's "none" is dropped). */
export const AlertStatusFilter = z.enum(ALERT_STATUS_FILTERS);
export type AlertStatusFilter = z.infer<typeof AlertStatusFilter>;

export const ListAlertsQuery = z.object({
  page: z._default(positiveIntQuery(), 1),
  pageSize: z._default(positiveIntQuery().check(z.maximum(MAX_PAGE_SIZE)), DEFAULT_ALERT_PAGE_SIZE),
  status: z.optional(AlertStatusFilter),
});
export type ListAlertsQuery = z.input<typeof ListAlertsQuery>;
export type ParsedListAlertsQuery = z.infer<typeof ListAlertsQuery>;

export const AlertPage = z.looseObject({
  ...messageFields,
  alerts: z.array(Alert),
  totalPages: z.number().check(z.int(), z.minimum(0)),
});
export type AlertPage = z.infer<typeof AlertPage>;

export const listAlerts = defineEndpoint({
  method: 'GET',
  path: '/alerts',
  query: ListAlertsQuery,
  response: AlertPage,
});

/** Export CSV (docs/product/alerts.md, 'Export'): every alert of the status filter, newest first. */
export const ExportAlertsQuery = z.object({ status: ListAlertsQuery.shape.status });
export type ExportAlertsQuery = z.input<typeof ExportAlertsQuery>;

/** The export's columns, in order: the console's columns, then the threats and the scan id. */
export const ALERT_CSV_COLUMNS = [
  'Name',
  'Severity',
  'Status',
  'Device',
  'Member',
  'Scan Time',
  'Threats',
  'Scan ID',
] as const;

export const exportAlertsCsv = defineEndpoint({
  method: 'GET',
  path: '/alerts/export.csv',
  query: ExportAlertsQuery,
  response: z.string(),
  download: 'text/csv',
});

export const UpdateAlertsBody = z.object({
  /** scanIds of the selected alerts. */
  alertIds: z.array(idField()).check(z.minLength(1), z.maxLength(BULK_MAX_ITEMS)),
  status: AlertStatus,
});
export type UpdateAlertsBody = z.infer<typeof UpdateAlertsBody>;

export const updateAlerts = defineEndpoint({
  method: 'POST',
  path: '/update-alerts',
  body: UpdateAlertsBody,
  response: MessageBody,
});

const AlertThreats = z.array(z.looseObject({ threat: z.string() }));

/**
 * The threats named by an alert description, or null when the text is not the expected JSON
 * (a malformed description must not break the console).
 */
export function parseAlertThreats(alertDescription: string): string[] | null {
  let json: unknown;
  try {
    json = JSON.parse(alertDescription);
  } catch {
    return null;
  }
  const parsed = AlertThreats.safeParse(json);
  return parsed.success ? parsed.data.map((t) => t.threat) : null;
}

/**
 * The alert drawer (docs/product/alerts.md, 'Alert detail'): one alert of the caller's
 * organization by its id (the scanId). Another organization's id, or an unknown one, is a 404
 * ({@link ALERT_NOT_FOUND}).
 */
export const AlertDetailQuery = z.object({ id: idField() });
export type AlertDetailQuery = z.input<typeof AlertDetailQuery>;

/** The 404 text of an alert detail (and of the drawer's not-found state). */
export const ALERT_NOT_FOUND = 'Alert not found.';

export const AlertThreat = z.object({
  name: z.string(),
  category: z.optional(z.string()),
  /** The app's threat id (absent for alerts not opened by a scan report). */
  threatId: z.optional(z.string()),
  /** When a later scan of the device no longer found it; absent: still found (or not known). */
  clearedAt: z.optional(isoDateTime()),
});
export type AlertThreat = z.infer<typeof AlertThreat>;

export const AlertHistoryEntry = z.object({
  /** The status the alert took. */
  status: AlertStatus,
  at: isoDateTime(),
  /** Who: an administrator's name, an API key, or null for the scan that opened it. */
  by: z.nullable(z.string()),
});
export type AlertHistoryEntry = z.infer<typeof AlertHistoryEntry>;

export const AlertDetail = z.looseObject({
  ...messageFields,
  alert: Alert,
  /** The device's code while the device is enrolled (for a link to its detail). */
  deviceCode: z.optional(z.string()),
  /** The alert's findings; empty when its description is not the expected JSON. */
  threats: z.array(AlertThreat),
  /** Opened, then each close and reopen, oldest first (from the audit log). */
  history: z.array(AlertHistoryEntry),
});
export type AlertDetail = z.infer<typeof AlertDetail>;

export const getAlertDetail = defineEndpoint({
  method: 'GET',
  path: '/alerts/detail',
  query: AlertDetailQuery,
  response: AlertDetail,
});

const AlertFindings = z.array(
  z.looseObject({
    threat: z.string(),
    category: z.optional(z.string()),
    threatId: z.optional(z.string()),
  }),
);

/**
 * The findings named by an alert description (`[{ threat, category?, threatId? }]`), or null when
 * the text is not the expected JSON.
 */
export function parseAlertFindings(
  alertDescription: string,
): Array<{ name: string; category?: string; threatId?: string }> | null {
  let json: unknown;
  try {
    json = JSON.parse(alertDescription);
  } catch {
    return null;
  }
  const parsed = AlertFindings.safeParse(json);
  if (!parsed.success) return null;
  return parsed.data.map((f) => ({
    name: f.threat,
    ...(typeof f.category === 'string' ? { category: f.category } : {}),
    ...(typeof f.threatId === 'string' ? { threatId: f.threatId } : {}),
  }));
}
