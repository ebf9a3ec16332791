/**
 * An administrator's own preferences, kept on the server per administrator
 * (docs/decisions/060-column-chooser-and-command-palette.md): the theme and the column layouts of
 * the dashboard's device table and the alerts table. The column ids are the tables' column ids
 * (app/dashboard/device-columns.tsx, app/alerts/alert-columns.tsx); the server refuses any other.
 */

/** 'system' follows the operating system's light or dark setting. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

/** The dashboard's device table, in its default order (the selection column is not one). */
export const DEVICE_TABLE_COLUMNS = [
  'memberName',
  'model',
  'osVersion',
  'enrolled',
  'severity',
  'lastScanAt',
  'code',
] as const;
export type DeviceTableColumn = (typeof DEVICE_TABLE_COLUMNS)[number];

/** The alerts table, in its default order. */
export const ALERT_TABLE_COLUMNS = [
  'alertName',
  'severity',
  'alertStatus',
  'device',
  'scanTime',
] as const;
export type AlertTableColumn = (typeof ALERT_TABLE_COLUMNS)[number];

/** The column that says which row it is: never hidden (the chooser's checkbox is disabled). */
export const REQUIRED_DEVICE_COLUMN: DeviceTableColumn = 'memberName';
export const REQUIRED_ALERT_COLUMN: AlertTableColumn = 'alertName';

/**
 * A table's layout: `order` lists column ids front to back (ids it leaves out keep their default
 * place after those it names, so a column added later shows up), `hidden` the ids not shown.
 */
export interface ColumnLayout<Id extends string = string> {
  order: Id[];
  hidden: Id[];
}

/**
 * The ids of `defaults` in the layout's order: the named ones first (unknown ids and repeats
 * dropped), then the rest in their default order; `visible` leaves the hidden ones out, except the
 * required column.
 */
export function orderedColumnIds<Id extends string>(
  defaults: readonly Id[],
  layout: ColumnLayout<string> | null | undefined,
  required?: Id,
): { order: Id[]; visible: Id[] } {
  const known = new Set<string>(defaults);
  const named: Id[] = [];
  for (const id of layout?.order ?? []) {
    if (known.has(id) && !named.includes(id as Id)) named.push(id as Id);
  }
  const order = [...named, ...defaults.filter((id) => !named.includes(id))];
  const hidden = new Set(layout?.hidden ?? []);
  const visible = order.filter((id) => id === required || !hidden.has(id));
  return { order, visible };
}
