/**
 * Page anchors of a filtered Activity list, kept up to date as the log grows
 * (docs/decisions/018-audit-log.md, 'The list').
 *
 * The device list's anchors (server/devices/page-anchors.ts) are counted from the top and thrown
 * away on any change. An audit log only ever grows at the top (and loses whole prefixes to
 * retention), so these are counted **from the oldest event**: the number of every pageSize-th
 * matching event, oldest first, and the count. A new event never moves an anchor; it is added by
 * reading only the events newer than the ones already counted (a primary-key range). Retention
 * (a new checkpoint) or a key not seen yet computes them once from scratch.
 *
 * Page N from the top ends at the matching event of rank total − (N−1)·pageSize from the bottom:
 * the anchor below it and at most pageSize − 1 index steps up.
 */
import { and, asc, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db';
import { auditEvents } from '../db/schema';

interface Counted {
  /** The log's head and checkpoint when these were counted. */
  headSeq: number;
  startSeq: number;
  /** Matching events with a number ≤ headSeq. */
  total: number;
  /** bottom[i]: the number of the matching event of rank (i + 1)·pageSize, oldest first. */
  bottom: number[];
}

/** How many lists' anchors one process keeps (least recently used go first). */
const MAX_ENTRIES = 256;

async function countFrom(
  db: Database,
  where: SQL,
  pageSize: number,
  from: Counted,
  headSeq: number,
): Promise<Counted> {
  const rows = await db
    .select({ seq: sql<string>`${auditEvents.seq}::text` })
    .from(auditEvents)
    .where(and(where, gt(auditEvents.seq, from.headSeq), lte(auditEvents.seq, headSeq)))
    .orderBy(asc(auditEvents.seq));
  let total = from.total;
  const bottom = from.bottom.slice();
  for (const row of rows) {
    total += 1;
    if (total % pageSize === 0) bottom.push(Number(row.seq));
  }
  return { headSeq, startSeq: from.startSeq, total, bottom };
}

async function countAll(
  db: Database,
  where: SQL,
  pageSize: number,
  headSeq: number,
  startSeq: number,
): Promise<Counted> {
  // One pass in the database: only every pageSize-th number and the count come back.
  const ranked = db
    .select({
      seq: sql<string>`${auditEvents.seq}::text`.as('seq'),
      rn: sql<number>`row_number() over (order by ${auditEvents.seq} asc)`.as('rn'),
      n: sql<number>`count(*) over ()`.as('n'),
    })
    .from(auditEvents)
    .where(and(where, lte(auditEvents.seq, headSeq)))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rn} % ${pageSize} = 0 or ${ranked.rn} = ${ranked.n}`)
    .orderBy(ranked.rn);
  const total = rows.length > 0 ? Number(rows[rows.length - 1]?.n) : 0;
  const bottom = rows.filter((r) => Number(r.rn) % pageSize === 0).map((r) => Number(r.seq));
  return { headSeq, startSeq, total, bottom };
}

export class AuditAnchorCache {
  #entries = new Map<string, Promise<Counted>>();

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The count and anchors of one filtered list at the log's `headSeq` / `startSeq`. Calls for one
   * list run one after another (each extends what the previous one counted).
   */
  counted(
    db: Database,
    orgId: number,
    list: string,
    where: SQL,
    pageSize: number,
    headSeq: number,
    startSeq: number,
  ): Promise<Counted> {
    const key = `${orgId}|${list}`;
    const hit = this.#entries.get(key);
    const value: Promise<Counted> = hit
      ? hit.then(
          (c) =>
            c.startSeq !== startSeq || c.headSeq > headSeq
              ? countAll(db, where, pageSize, headSeq, startSeq)
              : c.headSeq === headSeq
                ? c
                : countFrom(db, where, pageSize, c, headSeq),
          () => countAll(db, where, pageSize, headSeq, startSeq),
        )
      : countAll(db, where, pageSize, headSeq, startSeq);
    // Most recently used last; a failed count is not kept.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    value.catch(() => {
      if (this.#entries.get(key) === value) this.#entries.delete(key);
    });
    while (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    return value;
  }
}

/**
 * The number of the newest event of page `page` (1 = newest), or null past the last page: the
 * anchor below it, then at most pageSize − 1 matching events up.
 */
export async function pageTop(
  db: Database,
  where: SQL,
  pageSize: number,
  counted: Counted,
  page: number,
): Promise<number | null> {
  const rank = counted.total - (page - 1) * pageSize;
  if (rank < 1) return null;
  const full = Math.floor(rank / pageSize);
  if (rank % pageSize === 0) return counted.bottom[full - 1] ?? null;
  const below = full > 0 ? (counted.bottom[full - 1] ?? 0) : 0;
  const [row] = await db
    .select({ seq: sql<string>`${auditEvents.seq}::text` })
    .from(auditEvents)
    .where(and(where, gt(auditEvents.seq, below), lte(auditEvents.seq, counted.headSeq)))
    .orderBy(asc(auditEvents.seq))
    .limit(1)
    .offset(rank - full * pageSize - 1);
  return row ? Number(row.seq) : null;
}
