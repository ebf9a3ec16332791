-- Members created before new members got their pending device row (docs/decisions/042) show on the
-- dashboard as 'Not Enrolled' like new members do (docs/decisions/045): each member with no
-- device row at all gets one, under their own enrolment code. Data only; no schema change.

-- 1. A member without a code (created before codes existed), or whose code some device row already
--    holds, gets a fresh one: eight symbols of the enrolment alphabet (domain/enrolment.ts), each
--    from the low five bits of a byte of gen_random_uuid(), which draws from the server's strong
--    random source (bytes 0-5 and 9-10 of a version 4 UUID are random in full). A collision with
--    an existing code fails the unique indexes and the migration, which the next start retries.
UPDATE members AS m
SET enrollment_code = fresh.code
FROM (
  SELECT
    r.id,
    substr(s.symbols, 1, 4) || '-' || substr(s.symbols, 5, 4) AS code
  FROM (
    SELECT id, uuid_send(gen_random_uuid()) AS bytes
    FROM members
    WHERE NOT EXISTS (SELECT 1 FROM devices d WHERE d.member_id = members.id)
      AND (
        enrollment_code IS NULL
        OR EXISTS (SELECT 1 FROM devices d WHERE d.code = members.enrollment_code)
      )
  ) AS r
  CROSS JOIN LATERAL (
    SELECT string_agg(
      substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (get_byte(r.bytes, t.n) & 31) + 1, 1),
      '' ORDER BY t.k
    ) AS symbols
    FROM unnest(ARRAY[0, 1, 2, 3, 4, 5, 9, 10]) WITH ORDINALITY AS t (n, k)
  ) AS s
) AS fresh
WHERE m.id = fresh.id;

-- 2. Their pending rows: the shape createOrgMembers inserts (server/members/data.ts). The
--    devices_version trigger drops the cached page anchors in the same statement.
INSERT INTO devices (org_id, member_id, code, enrolled)
SELECT m.org_id, m.id, m.enrollment_code, false
FROM members AS m
WHERE m.enrollment_code IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.member_id = m.id)
ORDER BY m.id;
