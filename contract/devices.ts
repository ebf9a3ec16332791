import * as z from 'zod/mini';
import { MEMBER_STATUSES } from '@domain/members';
import {
  DEVICE_PLATFORMS,
  DEVICE_SEVERITIES,
  DEVICE_SEARCH_MAX_LENGTH,
  DEVICE_SORT_COLUMNS,
  SORT_ORDERS,
} from '@domain/devices';
import { Alert } from './alerts';
import { defineEndpoint, MessageBody, messageFields } from './endpoint';
import {
  BULK_MAX_ITEMS,
  booleanQuery,
  idField,
  isoDateTime,
  paginationQuery,
  repeatedQuery,
} from './fields';

/**
 * Device severity (docs/product/dashboard.md, 'Columns').
 * The dashboard labels them Secure, Fixes needed and Critical.
 */
export const DeviceSeverity = z.enum(DEVICE_SEVERITIES);
export type DeviceSeverity = z.infer<typeof DeviceSeverity>;

export const DevicePlatform = z.enum(DEVICE_PLATFORMS);
export type DevicePlatform = z.infer<typeof DevicePlatform>;

/**
 * A device is identified by its enrolment `code`; fields whose value is null are dropped
 * from the answer, and the other fields are not shown by the spec. The fields below are our
 * choice, hence all optional except the code.
 */
export const Device = z.object({
  code: z.string().check(z.minLength(1)),
  memberName: z.optional(z.string()),
  memberEmail: z.optional(z.string()),
  model: z.optional(z.string()),
  platform: z.optional(DevicePlatform),
  osVersion: z.optional(z.string()),
  enrolled: z.optional(z.boolean()),
  severity: z.optional(DeviceSeverity),
  /** ISO date-time of the last scan report. */
  lastScanAt: z.optional(isoDateTime()),
  /**
   * Present while the device's member is quarantined by conditional access: why, in words
   * (docs/product/integrations.md, 'Policy'; docs/decisions/053-policies-and-reminders.md).
   */
  quarantine: z.optional(z.string()),
});
export type Device = z.infer<typeof Device>;

/** Sortable dashboard columns (docs/product/dashboard.md, 'Order'; the columns are ours). */
export const DeviceSortColumn = z.enum(DEVICE_SORT_COLUMNS);
export type DeviceSortColumn = z.infer<typeof DeviceSortColumn>;

export const SortOrder = z.enum(SORT_ORDERS);
export type SortOrder = z.infer<typeof SortOrder>;

/**
 * Dashboard query (docs/product/dashboard.md, 'The address'). `enrolled` is one value: absent means
 * all devices (the spec's "none"); the app sends nothing when both Enrolled and Not Enrolled are
 * chosen. `severity` repeats. `sort` and `order` are our documented extension; without `sort` the
 * server orders by severity (critical first), then member name.
 */
export const ListDevicesQuery = z.object({
  ...paginationQuery,
  enrolled: z.optional(booleanQuery()),
  severity: z.optional(repeatedQuery(DEVICE_SEVERITIES)),
  sort: z.optional(DeviceSortColumn),
  order: z.optional(SortOrder),
  /**
   * Search (our addition, docs/decisions/045): devices whose member name or e-mail starts with it
   * (case-insensitive), or whose code does. Trimmed; empty means no search.
   */
  q: z.optional(z.string().check(z.trim(), z.maxLength(DEVICE_SEARCH_MAX_LENGTH))),
});
export type ListDevicesQuery = z.input<typeof ListDevicesQuery>;
export type ParsedListDevicesQuery = z.infer<typeof ListDevicesQuery>;

export const DevicePage = z.looseObject({
  ...messageFields,
  devices: z.array(Device),
  totalPages: z.number().check(z.int(), z.minimum(0)),
  /** Devices in the whole list (all pages), for '1–50 of 249 devices'; our addition. */
  total: z.optional(z.number().check(z.int(), z.minimum(0))),
});
export type DevicePage = z.infer<typeof DevicePage>;

export const listDevices = defineEndpoint({
  method: 'GET',
  path: '/orgs',
  query: ListDevicesQuery,
  response: DevicePage,
});

/**
 * Export CSV (docs/product/dashboard.md, 'Export'): every device of the current filter, search and
 * order, all pages, streamed. The dashboard's query without its page.
 */
export const ExportDevicesQuery = z.object({
  enrolled: ListDevicesQuery.shape.enrolled,
  severity: ListDevicesQuery.shape.severity,
  sort: ListDevicesQuery.shape.sort,
  order: ListDevicesQuery.shape.order,
  q: ListDevicesQuery.shape.q,
});
export type ExportDevicesQuery = z.input<typeof ExportDevicesQuery>;

/** The export's columns, in order: the table's columns, with their header texts. */
export const DEVICE_CSV_COLUMNS = [
  'Member',
  'E-mail',
  'Device',
  'Platform',
  'OS Version',
  'Enrolment',
  'Severity',
  'Last Scan',
  'Device Code',
] as const;

export const exportDevicesCsv = defineEndpoint({
  method: 'GET',
  path: '/orgs/devices/export.csv',
  query: ExportDevicesQuery,
  response: z.string(),
  download: 'text/csv',
});

export const UnenrollDevicesBody = z.object({
  codes: z.array(idField()).check(z.minLength(1), z.maxLength(BULK_MAX_ITEMS)),
});
export type UnenrollDevicesBody = z.infer<typeof UnenrollDevicesBody>;

export const unenrollDevices = defineEndpoint({
  method: 'POST',
  path: '/orgs/unenroll-devices',
  body: UnenrollDevicesBody,
  response: MessageBody,
});

/**
 * The device drawer (docs/product/dashboard.md, 'Device detail'): one device of the caller's
 * organization by its code. Another organization's code, or an unknown one, is a 404
 * ({@link DEVICE_NOT_FOUND}), never a hint that it exists elsewhere.
 */
export const DeviceDetailQuery = z.object({ code: idField() });
export type DeviceDetailQuery = z.input<typeof DeviceDetailQuery>;

/** The 404 text of a device detail (and of the drawer's not-found state). */
export const DEVICE_NOT_FOUND = 'Device not found.';

/** How many of the newest scan reports the drawer lists. */
export const DEVICE_DETAIL_SCANS = 10;
/** How many OS versions (newest first) the drawer lists. */
export const DEVICE_DETAIL_OS_VERSIONS = 10;
/** How many open alerts (newest first) the drawer lists; `openAlertCount` has them all. */
export const DEVICE_DETAIL_ALERTS = 20;

export const DeviceDetailMember = z.object({
  name: z.string(),
  email: z.string(),
  /** As on the Members page: invited, enrolled or deactivated. */
  status: z.enum(MEMBER_STATUSES),
  /** Present while conditional access quarantines the member: why, in words. */
  quarantine: z.optional(z.string()),
  /** Since when the member is quarantined (absent for quarantines before that was kept). */
  quarantinedAt: z.optional(isoDateTime()),
});
export type DeviceDetailMember = z.infer<typeof DeviceDetailMember>;

export const DeviceDetail = z.looseObject({
  ...messageFields,
  /** The device as the dashboard's row shows it. */
  device: Device,
  /** Null: the device's member was removed (the device stays until unenrolled). */
  member: z.nullable(DeviceDetailMember),
  /** The app's version the device enrolled with (absent: enrolled before that was kept). */
  appVersion: z.optional(z.string()),
  /** Whether a screen lock is set; absent: never reported. */
  screenLock: z.optional(z.boolean()),
  /** When the device enrolled through the app (absent: pending, or enrolled before that was kept). */
  enrolledAt: z.optional(isoDateTime()),
  /** When the device was last heard from (enrolment, scan or heartbeat). */
  lastSeenAt: z.optional(isoDateTime()),
  /** Each OS version the device reported, newest first, with when it first reported it. */
  osHistory: z.array(z.object({ version: z.string(), firstSeenAt: isoDateTime() })),
  /** The newest scan reports, newest first. */
  scans: z.array(
    z.object({
      scannedAt: isoDateTime(),
      /** Absent for reports received before they were kept (docs/decisions/059). */
      osVersion: z.optional(z.string()),
      findings: z.optional(z.number().check(z.int(), z.minimum(0))),
    }),
  ),
  /** The device's open alerts, newest first (at most DEVICE_DETAIL_ALERTS). */
  openAlerts: z.array(Alert),
  openAlertCount: z.number().check(z.int(), z.minimum(0)),
});
export type DeviceDetail = z.infer<typeof DeviceDetail>;

export const getDeviceDetail = defineEndpoint({
  method: 'GET',
  path: '/orgs/devices/detail',
  query: DeviceDetailQuery,
  response: DeviceDetail,
});
