import type { ColumnDef } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import {
  applyColumnLayout,
  columnChoices,
  columnOrder,
  hiddenColumns,
  moveColumn,
  toggleColumn,
  type LayoutRules,
} from './column-layout';

type Row = { a: string };
const col = (id: string, header = id.toUpperCase()): ColumnDef<Row> => ({ id, header });
const COLUMNS = [
  col('select', ''),
  col('member'),
  col('device'),
  col('os'),
  col('email'),
  col('code'),
];
const RULES: LayoutRules = {
  ids: ['member', 'device', 'os', 'email', 'code'],
  defaultHidden: ['email'],
  required: 'member',
};
const ids = (columns: ColumnDef<Row>[]) => columns.map((c) => c.id);

describe('applyColumnLayout', () => {
  it('without a layout: the definitions in their order, the default-hidden ones left out', () => {
    expect(ids(applyColumnLayout(COLUMNS, null, RULES))).toEqual([
      'select',
      'member',
      'device',
      'os',
      'code',
    ]);
  });

  it('follows the order and hides the hidden; the selection column stays first', () => {
    const layout = { order: ['code', 'email', 'member', 'device', 'os'], hidden: ['device'] };
    expect(ids(applyColumnLayout(COLUMNS, layout, RULES))).toEqual([
      'select',
      'code',
      'email',
      'member',
      'os',
    ]);
  });

  it('never hides the required column, drops unknown and repeated ids', () => {
    // Columns the layout does not name go next to the column before them by default (a column of
    // a later release); a default-hidden one stays hidden (domain/preferences.ts).
    const layout = { order: ['nope', 'os', 'os', 'member'], hidden: ['member', 'nope'] };
    expect(ids(applyColumnLayout(COLUMNS, layout, RULES))).toEqual([
      'select',
      'os',
      'code',
      'member',
      'device',
    ]);
  });

  it('keeps the definitions themselves (cells, sizes) untouched', () => {
    const order = ['os', 'member', 'device', 'email', 'code'];
    const out = applyColumnLayout(COLUMNS, { order, hidden: [] }, RULES);
    expect(out[1]).toBe(COLUMNS[3]);
  });
});

describe('the chooser’s changes', () => {
  it('toggleColumn hides and shows, and ignores hiding the required column', () => {
    let layout = toggleColumn(null, RULES, 'device', false);
    expect(layout).toEqual({
      order: ['member', 'device', 'os', 'email', 'code'],
      hidden: ['device', 'email'],
    });
    layout = toggleColumn(layout, RULES, 'email', true);
    expect(layout.hidden).toEqual(['device']);
    expect(toggleColumn(layout, RULES, 'member', false).hidden).toEqual(['device']);
  });

  it('moveColumn moves one place, and not past either end', () => {
    expect(moveColumn(null, RULES, 'os', -1).order).toEqual([
      'member',
      'os',
      'device',
      'email',
      'code',
    ]);
    expect(moveColumn(null, RULES, 'member', -1).order).toEqual(RULES.ids);
    expect(moveColumn(null, RULES, 'code', 1).order).toEqual(RULES.ids);
    expect(moveColumn(null, RULES, 'member', 1)).toEqual({
      order: ['device', 'member', 'os', 'email', 'code'],
      hidden: ['email'],
    });
  });

  it('columnChoices lists every column in order with its label, visibility and requiredness', () => {
    const layout = { order: ['code', 'member', 'device', 'email', 'os'], hidden: ['os'] };
    expect(columnChoices(COLUMNS, layout, RULES)).toEqual([
      { id: 'code', label: 'CODE', visible: true, required: false },
      { id: 'member', label: 'MEMBER', visible: true, required: true },
      { id: 'device', label: 'DEVICE', visible: true, required: false },
      { id: 'email', label: 'EMAIL', visible: true, required: false },
      { id: 'os', label: 'OS', visible: false, required: false },
    ]);
    expect(columnOrder(layout, RULES)).toEqual(['code', 'member', 'device', 'email', 'os']);
    expect(hiddenColumns(null, RULES)).toEqual(['email']);
  });
});
