/**
 * Migration 0015 (docs/decisions/045): members created before new members got their pending device
 * row show on the dashboard as 'Not Enrolled' — each member with no device row gets one under their
 * own enrolment code, a fresh code when they had none or a device row already holds theirs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENROLLMENT_CODE_PATTERN } from '@domain/enrolment';
import type { DatabaseHandle } from '.';
import { loadMigrations, migrate } from './migrate';
import { openEmptyTestDatabase } from '../test-support';

const MIGRATION = '0015_members_without_devices.sql';
let handle: DatabaseHandle;

const query = <R>(text: string, params: unknown[] = []) =>
  handle.runner.transaction((q) => q.query<R>(text, params));

beforeAll(async () => {
  handle = await openEmptyTestDatabase();
  const all = loadMigrations();
  const before = all.filter((m) => m.name < MIGRATION);
  expect(before.length).toBeLessThan(all.length);
  await migrate(handle.runner, before);
  await handle.runner.transaction(async (q) => {
    await q.exec(`
      INSERT INTO organizations (id, name, slug) VALUES (1, 'Oldco', 'oldco'), (2, 'Otherco', 'otherco');
      INSERT INTO members (id, org_id, name, email, enrollment_code) VALUES
        (1, 1, 'Coded No-Device', 'coded@oldco.test', 'ABCD-EF23'),
        (2, 1, 'No Code', 'nocode@oldco.test', NULL),
        (3, 1, 'Has Device', 'device@oldco.test', 'HJKL-MN45'),
        (4, 1, 'Code Taken', 'taken@oldco.test', 'PQRS-TU67'),
        (5, 2, 'Other Org', 'other@otherco.test', 'VWXY-Z289');
      INSERT INTO devices (org_id, member_id, code, enrolled, model) VALUES
        (1, 3, 'HJKL-MN45', true, 'Pixel 8a'),
        -- A device whose member left (member_id set NULL) still holds member 4's code.
        (1, NULL, 'PQRS-TU67', true, 'iPhone 15');
    `);
  });
  expect(await migrate(handle.runner, all)).toContain(MIGRATION);
});

afterAll(async () => {
  await handle?.close();
});

interface Row {
  member_id: number;
  org_id: number;
  code: string;
  enrolled: boolean;
  member_code: string;
}

const pending = () =>
  query<Row>(`
    SELECT d.member_id, d.org_id, d.code, d.enrolled, m.enrollment_code AS member_code
    FROM devices d JOIN members m ON m.id = d.member_id
    WHERE d.model IS NULL ORDER BY d.member_id`);

it('gives every member without a device one Not Enrolled row under their own code', async () => {
  const rows = await pending();
  expect(rows.map((r) => r.member_id)).toEqual([1, 2, 4, 5]);
  for (const row of rows) {
    expect(row.enrolled).toBe(false);
    expect(row.code).toBe(row.member_code);
    expect(row.code).toMatch(ENROLLMENT_CODE_PATTERN);
  }
  expect(rows.find((r) => r.member_id === 5)?.org_id).toBe(2);
});

it('keeps a code no device holds; draws a fresh one for no code or a code a device holds', async () => {
  const rows = await pending();
  const code = (id: number) => rows.find((r) => r.member_id === id)?.code;
  expect(code(1)).toBe('ABCD-EF23');
  expect(code(5)).toBe('VWXY-Z289');
  expect(code(2)).toMatch(ENROLLMENT_CODE_PATTERN);
  expect(code(4)).not.toBe('PQRS-TU67');
  expect(code(4)).toMatch(ENROLLMENT_CODE_PATTERN);
});

it('leaves members with a device as they were', async () => {
  const rows = await query<{ n: number }>(
    'SELECT count(*)::int AS n FROM devices WHERE member_id = 3',
  );
  expect(rows[0]?.n).toBe(1);
});
