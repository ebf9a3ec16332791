import type { ColumnDef } from '@tanstack/react-table';
import { visibleColumns, type ColumnLayout } from '@domain/preferences';

/*
 * A table's columns as the signed-in administrator arranged them (the column chooser,
 * docs/decisions/060-column-chooser-and-command-palette.md). Pure functions over the column
 * definitions' ids: the definitions themselves (cells, sizes, sorting) stay as the feature wrote
 * them, and Export CSV, which the server writes, keeps the list's own columns.
 */

/** Columns without an id of the layout (the selection column) stay first, in their order. */
export interface LayoutRules {
  /** The column ids of the table, in their default order. */
  ids: readonly string[];
  /** Hidden while the administrator has no layout of their own. */
  defaultHidden: readonly string[];
  /** Always shown, whatever the layout says. */
  required: string;
}

const idOf = <T>(column: ColumnDef<T>) => column.id;

/** The columns to render: fixed ones (selection) first, then the layout's visible columns. */
export function applyColumnLayout<T>(
  columns: readonly ColumnDef<T>[],
  layout: ColumnLayout | null | undefined,
  rules: LayoutRules,
): ColumnDef<T>[] {
  const byId = new Map(columns.map((c) => [idOf(c), c]));
  const fixed = columns.filter((c) => !rules.ids.includes(idOf(c) ?? ''));
  const hidden = new Set(hiddenColumns(layout, rules));
  const shown = columnOrder(layout, rules).filter((id) => !hidden.has(id));
  return [...fixed, ...shown.flatMap((id) => byId.get(id) ?? [])];
}

/** Every column id of the table in the layout's order (hidden ones too). */
export function columnOrder(layout: ColumnLayout | null | undefined, rules: LayoutRules): string[] {
  // visibleColumns with nothing hidden is the full order: named ids first, the rest in place.
  return visibleColumns(rules.ids, [], layout ? { order: layout.order, hidden: [] } : null);
}

/** The hidden column ids of a layout (the default ones while there is none), never the required. */
export function hiddenColumns(
  layout: ColumnLayout | null | undefined,
  rules: LayoutRules,
): string[] {
  const shown = new Set(visibleColumns(rules.ids, rules.defaultHidden, layout));
  return rules.ids.filter((id) => id !== rules.required && !shown.has(id));
}

/** The layout after showing or hiding one column (the required one never hides). */
export function toggleColumn(
  layout: ColumnLayout | null | undefined,
  rules: LayoutRules,
  id: string,
  visible: boolean,
): ColumnLayout {
  const hidden = new Set(hiddenColumns(layout, rules));
  if (visible || id === rules.required) hidden.delete(id);
  else hidden.add(id);
  return { order: columnOrder(layout, rules), hidden: rules.ids.filter((c) => hidden.has(c)) };
}

/** The layout after moving one column a place towards the start (-1) or the end (+1). */
export function moveColumn(
  layout: ColumnLayout | null | undefined,
  rules: LayoutRules,
  id: string,
  delta: -1 | 1,
): ColumnLayout {
  const order = columnOrder(layout, rules);
  const from = order.indexOf(id);
  const to = from + delta;
  if (from >= 0 && to >= 0 && to < order.length) {
    order.splice(from, 1);
    order.splice(to, 0, id);
  }
  return { order, hidden: hiddenColumns(layout, rules) };
}

/** What the chooser lists: every column in the layout's order with its label and state. */
export interface ColumnChoice {
  id: string;
  label: string;
  visible: boolean;
  required: boolean;
}

export function columnChoices<T>(
  columns: readonly ColumnDef<T>[],
  layout: ColumnLayout | null | undefined,
  rules: LayoutRules,
): ColumnChoice[] {
  const hidden = new Set(hiddenColumns(layout, rules));
  const labels = new Map(
    columns.map((c) => [idOf(c), typeof c.header === 'string' ? c.header : (idOf(c) ?? '')]),
  );
  return columnOrder(layout, rules).map((id) => ({
    id,
    label: labels.get(id) ?? id,
    visible: !hidden.has(id),
    required: id === rules.required,
  }));
}
