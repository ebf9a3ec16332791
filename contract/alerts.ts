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
