/**
 * The benches' fleet (scripts/bench.ts, scripts/bench-public-api.ts): `devices` devices of the
 * organization spread over its members with a deterministic mix (multiplicative hashes of the row
 * number, no randomness): platforms, models, OS versions, a tenth pending ('Not Enrolled'),
 * severities and scan times as a real fleet has them, a few without a member.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../server/db';
import { members } from '../server/db/schema';

export async function insertBenchDevices(
  db: Database,
  orgId: number,
  counts: { devices: number; members: number },
): Promise<void> {
  const DEVICES = counts.devices;
  const MEMBERS = counts.members;
  const [{ firstMember } = { firstMember: 0 }] = await db
    .select({ firstMember: sql<number>`min(${members.id})::int` })
    .from(members)
    .where(eq(members.orgId, orgId));
  await db.execute(sql`
    INSERT INTO devices
      (org_id, member_id, code, model, platform, os_version, enrolled, severity, last_scan_at)
    SELECT ${orgId},
           CASE WHEN h % 17 = 0 THEN NULL ELSE ${firstMember} + (i * 7919) % ${MEMBERS} END,
           'BN' || lpad(to_hex(i * 2654435761 % 4294967291), 8, '0') || '-' || i,
           CASE WHEN pending THEN NULL
                WHEN ios THEN (ARRAY['iPhone 17', 'iPhone 16', 'iPhone 15', 'iPad Air'])[1 + h % 4]
                ELSE (ARRAY['Pixel 9', 'Galaxy S25', 'Galaxy A56', 'OnePlus 13'])[1 + h % 4] END,
           CASE WHEN pending THEN NULL WHEN ios THEN 'ios' ELSE 'android' END,
           CASE WHEN pending THEN NULL
                WHEN ios THEN (ARRAY['26.1', '18.7.2', '17.7.10', '9.3.6'])[1 + (h / 7) % 4]
                ELSE (ARRAY['16', '15', '14', '9'])[1 + (h / 7) % 4] END,
           NOT pending AND h % 50 <> 1,
           CASE WHEN pending OR h % 97 = 3 THEN NULL
                WHEN h % 100 < 12 THEN 'critical'
                WHEN h % 100 < 37 THEN 'warning'
                ELSE 'secure' END,
           CASE WHEN pending OR h % 97 = 3 THEN NULL
                ELSE '2026-11-20T14:05:00Z'::timestamptz - make_interval(secs => (h * 31) % 1814400) END
    FROM (
      SELECT i, h, h % 10 = 0 AS pending, h % 20 < 11 AS ios
      FROM (SELECT i, (i * 2654435761) % 1000003 AS h FROM generate_series(1, ${DEVICES}) AS i) s
    ) d`);
}
