/**
 * An administrator's own preferences, kept on the server (issue 16): colour theme, the columns of
 * the device and alert tables, and the dismissed new-portal notice.
 */

/** 'system' follows the operating system's light or dark setting. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_LABELS: Readonly<Record<Theme, string>> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};
export const DEFAULT_THEME: Theme = 'system';

/** The device table's columns (besides selection), in their default order. */
export const DEVICE_COLUMNS = [
  'memberName',
  'memberEmail',
  'model',
  'osVersion',
  'enrolled',
  'severity',
  'lastScanAt',
  'code',
] as const;
export type DeviceColumn = (typeof DEVICE_COLUMNS)[number];
export const DEVICE_COLUMN_LABELS: Readonly<Record<DeviceColumn, string>> = {
  memberName: 'Member',
  memberEmail: 'Email',
  model: 'Device',
  osVersion: 'OS Version',
  enrolled: 'Enrolment',
  severity: 'Severity',
  lastScanAt: 'Last Scan',
  code: 'Device Code',
};
/** Hidden until an administrator shows them (the e-mail is in the row's detail drawer). */
export const DEFAULT_HIDDEN_DEVICE_COLUMNS: readonly DeviceColumn[] = ['memberEmail'];

/** The alert table's columns (besides selection), in their default order. */
export const ALERT_COLUMNS = [
  'alertName',
  'severity',
  'alertStatus',
  'device',
  'memberName',
  'scanTime',
] as const;
export type AlertColumn = (typeof ALERT_COLUMNS)[number];
export const ALERT_COLUMN_LABELS: Readonly<Record<AlertColumn, string>> = {
  alertName: 'Name',
  severity: 'Severity',
  alertStatus: 'Status',
  device: 'Device',
  memberName: 'Member',
  scanTime: 'Scan Time',
};
export const DEFAULT_HIDDEN_ALERT_COLUMNS: readonly AlertColumn[] = [];

/**
 * A table's columns as an administrator arranged them: every column in display order, and the
 * hidden ones. Null in a preference means the default.
 */
export interface ColumnLayout<C extends string = string> {
  order: C[];
  hidden: C[];
}

/**
 * The columns to show, in order, for a stored layout: unknown ids are dropped, columns the layout
 * does not name (added by a later release) keep their default place and visibility, and at least
 * one column always shows (the first of the defaults).
 */
export function visibleColumns<C extends string>(
  all: readonly C[],
  defaultHidden: readonly C[],
  layout: ColumnLayout | null | undefined,
): C[] {
  const known = new Set<string>(all);
  const order = (layout?.order ?? []).filter(
    (id, i, list): id is C => known.has(id) && list.indexOf(id) === i,
  );
  for (const [index, id] of all.entries()) {
    if (order.includes(id)) continue;
    // A column the layout never saw goes after the one that precedes it by default.
    const before = all.slice(0, index).findLast((c) => order.includes(c));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  }
  const hidden = new Set<string>(layout ? layout.hidden : defaultHidden);
  for (const id of defaultHidden) if (layout && !layout.order.includes(id)) hidden.add(id);
  const shown = order.filter((id) => !hidden.has(id));
  return shown.length > 0 ? shown : [all[0]!];
}

/** Most columns a layout may name (a bound for the API; the tables have far fewer). */
export const COLUMN_LAYOUT_MAX = 32;

/**
 * The column that says which row it is: never hidden (the API refuses it, the chooser's checkbox
 * is disabled); docs/decisions/060-column-chooser-and-command-palette.md.
 */
export const REQUIRED_DEVICE_COLUMN: DeviceColumn = 'memberName';
export const REQUIRED_ALERT_COLUMN: AlertColumn = 'alertName';
