import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import {
  ALERT_COLUMNS,
  DEFAULT_HIDDEN_ALERT_COLUMNS,
  DEFAULT_HIDDEN_DEVICE_COLUMNS,
  DEVICE_COLUMNS,
  REQUIRED_ALERT_COLUMN,
  REQUIRED_DEVICE_COLUMN,
} from '@domain/preferences';
import type { ColumnChooserProps } from '@ui/portal/column-chooser/column-chooser';
import {
  applyColumnLayout,
  columnChoices,
  moveColumn,
  toggleColumn,
  type LayoutRules,
} from './column-layout';
import { usePreferences } from './use-preferences';

const TABLES = {
  device: {
    field: 'deviceColumns',
    all: DEVICE_COLUMNS as readonly string[],
    defaultHidden: DEFAULT_HIDDEN_DEVICE_COLUMNS as readonly string[],
    required: REQUIRED_DEVICE_COLUMN as string,
  },
  alert: {
    field: 'alertColumns',
    all: ALERT_COLUMNS as readonly string[],
    defaultHidden: DEFAULT_HIDDEN_ALERT_COLUMNS as readonly string[],
    required: REQUIRED_ALERT_COLUMN as string,
  },
} as const;

export type LayoutTable = keyof typeof TABLES;

/**
 * A table's columns as the signed-in administrator arranged them, and the props of its column
 * chooser (docs/decisions/060-column-chooser-and-command-palette.md): the layout is kept on the
 * server through usePreferences (a change shows at once and is undone if it cannot be saved).
 * Only the ids the table defines take part, so a column of the domain's list that the table does
 * not show yet is simply left out.
 */
export function useColumnLayout<T>(
  table: LayoutTable,
  columns: readonly ColumnDef<T>[],
): {
  columns: ColumnDef<T>[];
  chooser: Pick<ColumnChooserProps, 'columns' | 'onToggle' | 'onMove' | 'onReset' | 'isDefault'>;
} {
  const { preferences, update } = usePreferences();
  const spec = TABLES[table];
  const layout = preferences[spec.field];
  const rules: LayoutRules = useMemo(() => {
    const ids = columns.flatMap((c) => (c.id && spec.all.includes(c.id) ? [c.id] : []));
    return {
      ids,
      defaultHidden: spec.defaultHidden.filter((id) => ids.includes(id)),
      required: spec.required,
    };
  }, [columns, spec]);
  const applied = useMemo(
    () => applyColumnLayout(columns, layout, rules),
    [columns, layout, rules],
  );
  // The server refuses ids it does not know; the table's ids are all in the domain's list.
  const save = (next: { order: string[]; hidden: string[] } | null) =>
    void update({ [spec.field]: next } as Parameters<typeof update>[0]);
  return {
    columns: applied,
    chooser: {
      columns: columnChoices(columns, layout, rules),
      isDefault: layout === null,
      onToggle: (id, visible) => save(toggleColumn(layout, rules, id, visible)),
      onMove: (id, delta) => save(moveColumn(layout, rules, id, delta)),
      onReset: () => save(null),
    },
  };
}
