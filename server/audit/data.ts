/**
 * The audit log's data access (docs/decisions/018-audit-log.md): appending an event to its
 * organization's chain, the newest-first list with its filters and pages, the export's keyset
 * read, the actors of the filter and the retention setting. Only `appendEvent` writes events;
 * there is no update or delete path here (retention lives in ./retention.ts).
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditEventPage } from '@contract/audit';
import {
  DEFAULT_AUDIT_RETENTION,
  parseAuditActorKey,
  type AuditAction,
  type AuditActorType,
  type AuditOutcome,
  type AuditRetention,
  type AuditTargetType,
} from '@domain/audit';
import type { Database } from '../db';
import { auditCheckpoints, auditEvents, auditLogs, type AuditEventRow } from '../db/schema';
import { pageTop, type AuditAnchorCache } from './anchors';
import { chainedContent, eventHash, GENESIS_HASH, splitAtSeq } from './chain';
import { redactSecrets } from './redact';

export interface AuditActorInput {
  type: AuditActorType;
  id: string;
  display: string;
}

export interface AuditTargetInput {
  type: AuditTargetType;
  id: string | null;
  display: string;
}

/** What a caller records; the organization's chain gives it its number and hashes. */
export interface NewAuditEvent {
  orgId: number;
  time: Date;
  actor: AuditActorInput;
  action: AuditAction;
  target: AuditTargetInput | null;
  outcome: AuditOutcome;
  message?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
  changes?: Record<string, unknown> | null;
}

/** Longest text kept of a client-sent detail (user agent, request id). */
const DETAIL_MAX = 512;
const clip = (value: string | null | undefined) =>
  value === null || value === undefined ? null : value.slice(0, DETAIL_MAX);

/** The columns of an event before the chain gives it its number and hashes. */
function eventRow(input: NewAuditEvent) {
  return {
    orgId: input.orgId,
    // The chain hashes milliseconds (what JavaScript and the ISO text carry).
    occurredAt: new Date(input.time.getTime()),
    actorType: input.actor.type,
    actorId: input.actor.id,
    actorDisplay: input.actor.display,
    action: input.action,
    targetType: input.target?.type ?? null,
    targetId: input.target?.id ?? null,
    targetDisplay: input.target?.display ?? null,
    outcome: input.outcome,
    message: input.message ?? null,
    ip: clip(input.ip),
    userAgent: clip(input.userAgent),
    requestId: clip(input.requestId),
    changes: input.changes ? normaliseJson(redactSecrets(input.changes)) : null,
  };
}

/**
 * Appends several events to their organizations' chains in one transaction of its own: per
 * organization, the head row is locked (an upsert that changes nothing), the events are numbered
 * and hashed here in order (the same sha256(previous hash + canonical JSON) the database computes
 * in `appendEvent`, ./chain.ts), written in one INSERT, and the head moved past them. For events
 * recorded after the fact in batches (the public API's reads: docs/decisions/058-public-api-
 * throughput.md); a change's own event stays in the change's transaction (`appendEvent`).
 */
export async function appendEvents(db: Database, inputs: readonly NewAuditEvent[]): Promise<void> {
  if (inputs.length === 0) return;
  const byOrg = new Map<number, NewAuditEvent[]>();
  for (const input of inputs) {
    const list = byOrg.get(input.orgId) ?? [];
    list.push(input);
    byOrg.set(input.orgId, list);
  }
  await db.transaction(async (tx) => {
    for (const [orgId, events] of byOrg) {
      const [head] = await tx
        .insert(auditLogs)
        .values({ orgId, headSeq: 0, headHash: GENESIS_HASH, headPrevHash: null })
        .onConflictDoUpdate({
          target: auditLogs.orgId,
          set: { headSeq: sql`${auditLogs.headSeq}` },
        })
        .returning({ seq: auditLogs.headSeq, hash: auditLogs.headHash });
      let seq = Number(head!.seq);
      let prevHash = head!.hash;
      let headPrevHash = prevHash;
      const rows = events.map((input) => {
        seq += 1;
        const row = { ...eventRow(input), seq };
        const hash = eventHash(prevHash, chainedContent(row));
        const stored = { ...row, prevHash, hash };
        headPrevHash = prevHash;
        prevHash = hash;
        return stored;
      });
      // One parameter, the rows as JSON: a multi-row VALUES would be 18 bound values per event,
      // each built by the query builder (a tenth of a public API call's CPU in the bench).
      await tx.execute(sql`
        INSERT INTO audit_events (org_id, seq, occurred_at, actor_type, actor_id, actor_display,
          action, target_type, target_id, target_display, outcome, message, ip, user_agent,
          request_id, changes, prev_hash, hash)
        SELECT org_id, seq, occurred_at, actor_type, actor_id, actor_display, action, target_type,
          target_id, target_display, outcome, message, ip, user_agent, request_id, changes,
          prev_hash, hash
        FROM jsonb_to_recordset(${JSON.stringify(rows.map(storedJson))}::jsonb) AS x(
          org_id integer, seq bigint, occurred_at timestamptz, actor_type text, actor_id text,
          actor_display text, action text, target_type text, target_id text, target_display text,
          outcome text, message text, ip text, user_agent text, request_id text, changes jsonb,
          prev_hash text, hash text)`);
      await tx
        .update(auditLogs)
        .set({ headSeq: seq, headHash: prevHash, headPrevHash })
        .where(eq(auditLogs.orgId, orgId));
    }
  });
}

/** An event's row as jsonb_to_recordset reads it (column names, the time as ISO text). */
function storedJson(
  row: ReturnType<typeof eventRow> & { seq: number; prevHash: string; hash: string },
) {
  return {
    org_id: row.orgId,
    seq: row.seq,
    occurred_at: row.occurredAt.toISOString(),
    actor_type: row.actorType,
    actor_id: row.actorId,
    actor_display: row.actorDisplay,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target_display: row.targetDisplay,
    outcome: row.outcome,
    message: row.message,
    ip: row.ip,
    user_agent: row.userAgent,
    request_id: row.requestId,
    changes: row.changes,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}

/**
 * Appends one event to its organization's chain, inside the caller's transaction (the change it
 * records is in the same one). One statement: the head row moves (number + 1, the new hash
 * computed by the database from the previous one: sha256(previous hash + canonical JSON), the
 * JSON built here around the number it gives) and the event is written from it. The head row
 * stays locked until the transaction ends, so events of one organization are numbered and
 * chained strictly one after another. `changes` is redacted here too, whatever the caller did: a
 * secret cannot reach the table by this path.
 */
export async function appendEvent(db: Database, input: NewAuditEvent): Promise<number> {
  const row = eventRow(input);
  const { seq: _unused, ...content } = chainedContent({ ...row, seq: 0 });
  const { before, after } = splitAtSeq(content);
  const next = (prev: SQL, seq: SQL) =>
    sql`encode(sha256(convert_to(${prev} || ${before} || (${seq})::text || ${after}, 'UTF8')), 'hex')`;
  const result = await db.execute(sql`
    WITH head AS (
      INSERT INTO audit_logs AS l (org_id, head_seq, head_hash, head_prev_hash)
      VALUES (${row.orgId}, 1, ${next(sql`${GENESIS_HASH}::text`, sql`1`)}, ${GENESIS_HASH})
      ON CONFLICT (org_id) DO UPDATE SET
        head_seq = l.head_seq + 1,
        head_prev_hash = l.head_hash,
        head_hash = ${next(sql`l.head_hash`, sql`l.head_seq + 1`)}
      RETURNING head_seq, head_hash, head_prev_hash
    )
    INSERT INTO audit_events (org_id, seq, occurred_at, actor_type, actor_id, actor_display,
      action, target_type, target_id, target_display, outcome, message, ip, user_agent,
      request_id, changes, prev_hash, hash)
    SELECT ${row.orgId}, head_seq, ${row.occurredAt.toISOString()}::timestamptz, ${row.actorType},
      ${row.actorId}, ${row.actorDisplay}, ${row.action}, ${row.targetType}, ${row.targetId},
      ${row.targetDisplay}, ${row.outcome}, ${row.message}, ${row.ip}, ${row.userAgent},
      ${row.requestId}, ${row.changes === null ? null : JSON.stringify(row.changes)}::jsonb,
      head_prev_hash, head_hash
    FROM head
    RETURNING seq`);
  const rows = (result as unknown as { rows: Array<{ seq: string | number }> }).rows;
  return Number(rows[0]!.seq);
}

/**
 * The value as it comes back from jsonb: plain JSON (no undefined members, no Dates), so the hash
 * computed now equals the one recomputed from the stored row.
 */
function normaliseJson(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: String(row.seq),
    time: row.occurredAt.toISOString(),
    actor: {
      type: row.actorType,
      id: row.actorId,
      display: row.actorDisplay,
    },
    action: row.action as AuditAction,
    target:
      row.targetType === null
        ? null
        : {
            type: row.targetType as AuditTargetType,
            id: row.targetId,
            display: row.targetDisplay ?? '',
          },
    outcome: row.outcome,
    message: row.message,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    changes: row.changes,
  };
}

export interface AuditFilters {
  actor?: string | undefined;
  action?: AuditAction[] | undefined;
  outcome?: AuditOutcome | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

/** `%`, `_` and `\` in a search are literal characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function isFiltered(f: AuditFilters): boolean {
  return Boolean(f.actor || f.action?.length || f.outcome || f.from || f.to || f.q);
}

/** The WHERE of a filter set; null when it can match nothing (an actor key that is none). */
function filtersOf(orgId: number, f: AuditFilters): SQL | null {
  const conditions: SQL[] = [eq(auditEvents.orgId, orgId)];
  if (f.actor) {
    const actor = parseAuditActorKey(f.actor);
    if (!actor) return null;
    conditions.push(eq(auditEvents.actorType, actor.type), eq(auditEvents.actorId, actor.id));
  }
  if (f.action?.length) conditions.push(inArray(auditEvents.action, [...new Set(f.action)]));
  if (f.outcome) conditions.push(eq(auditEvents.outcome, f.outcome));
  if (f.from) conditions.push(gte(auditEvents.occurredAt, new Date(f.from)));
  if (f.to) conditions.push(lt(auditEvents.occurredAt, new Date(f.to)));
  if (f.q && f.q.trim() !== '') {
    conditions.push(ilike(auditEvents.targetDisplay, likePattern(f.q.trim())));
  }
  return and(...conditions) as SQL;
}

function listKey(pageSize: number, f: AuditFilters): string {
  return JSON.stringify([
    pageSize,
    f.actor ?? '',
    [...new Set(f.action ?? [])].sort(),
    f.outcome ?? '',
    f.from ?? '',
    f.to ?? '',
    f.q?.trim() ?? '',
  ]);
}

/** The head of an organization's log and where its retained events start (0: none deleted). */
export async function logBounds(
  db: Database,
  orgId: number,
): Promise<{ headSeq: number; startSeq: number }> {
  const [row] = await db
    .select({
      headSeq: auditLogs.headSeq,
      startSeq: sql<string | null>`(select max(${auditCheckpoints.seq}) from ${auditCheckpoints}
        where ${auditCheckpoints.orgId} = ${orgId})`,
    })
    .from(auditLogs)
    .where(eq(auditLogs.orgId, orgId));
  if (!row) return { headSeq: 0, startSeq: 0 };
  return { headSeq: Number(row.headSeq), startSeq: Number(row.startSeq ?? 0) };
}

export interface AuditListQuery extends AuditFilters {
  page: number;
  pageSize: number;
  cursor?: string | undefined;
}

const emptyPage = (total: number, pageSize: number): AuditEventPage => ({
  events: [],
  total,
  totalPages: Math.ceil(total / pageSize),
  nextCursor: null,
});

/**
 * A newest-first page. Unfiltered, the numbers of an organization's events have no gaps, so page
 * N starts at head - (N-1)·pageSize: a primary-key range, whatever N. Filtered, the list's page
 * anchors (./anchors.ts: counted from the oldest event, so a new event only adds to them) give
 * the same range reads. A `cursor` (an event number) reads the page of events older than it
 * instead.
 */
export async function listEventPage(
  db: Database,
  cache: AuditAnchorCache,
  orgId: number,
  query: AuditListQuery,
): Promise<AuditEventPage> {
  const { pageSize } = query;
  const where = filtersOf(orgId, query);
  if (!where) return emptyPage(0, pageSize);
  const { headSeq, startSeq } = await logBounds(db, orgId);
  let total: number;
  let upper: number | null = null;
  if (!isFiltered(query)) {
    total = headSeq - startSeq;
    if (!query.cursor) upper = headSeq - (query.page - 1) * pageSize;
  } else {
    const counted = await cache.counted(
      db,
      orgId,
      listKey(pageSize, query),
      where,
      pageSize,
      headSeq,
      startSeq,
    );
    total = counted.total;
    if (!query.cursor) {
      if (query.page > Math.ceil(total / pageSize)) return emptyPage(total, pageSize);
      upper = await pageTop(db, where, pageSize, counted, query.page);
    }
  }
  if (query.cursor) {
    const cursor = /^[0-9]{1,15}$/.test(query.cursor) ? Number(query.cursor) : 0;
    upper = cursor - 1;
  }
  if (upper === null || upper < 1) return emptyPage(total, pageSize);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(where, lte(auditEvents.seq, upper)))
    .orderBy(desc(auditEvents.seq))
    .limit(pageSize + 1);
  const events = rows.slice(0, pageSize).map(toAuditEvent);
  const last = events[events.length - 1];
  return {
    events,
    total,
    totalPages: Math.ceil(total / pageSize),
    nextCursor: rows.length > pageSize && last ? last.id : null,
  };
}

/** Rows read per query by the export: one page in memory at a time. */
export const EXPORT_PAGE_ROWS = 1000;

/** Every event of the filters, newest first, read in keyset pages (for the exports). */
export async function* eachEvent(
  db: Database,
  orgId: number,
  filters: AuditFilters,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<AuditEvent> {
  const where = filtersOf(orgId, filters);
  if (!where) return;
  let before: number | null = null;
  for (;;) {
    const rows: AuditEventRow[] = await db
      .select()
      .from(auditEvents)
      .where(before === null ? where : and(where, lt(auditEvents.seq, before)))
      .orderBy(desc(auditEvents.seq))
      .limit(pageRows);
    for (const row of rows) yield toAuditEvent(row);
    if (rows.length < pageRows) return;
    before = rows[rows.length - 1]!.seq;
  }
}

/**
 * The actors who appear in the log, each once with their latest display name: a skip scan over
 * (org_id, actor_type, actor_id) — one index probe per actor, however many events.
 */
export async function listActors(db: Database, orgId: number): Promise<AuditActorInput[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE actors(actor_type, actor_id) AS (
      (SELECT actor_type, actor_id FROM audit_events WHERE org_id = ${orgId}
        ORDER BY actor_type, actor_id LIMIT 1)
      UNION ALL
      SELECT next.actor_type, next.actor_id FROM actors a
      CROSS JOIN LATERAL (
        SELECT e.actor_type, e.actor_id FROM audit_events e
        WHERE e.org_id = ${orgId} AND (e.actor_type, e.actor_id) > (a.actor_type, a.actor_id)
        ORDER BY e.actor_type, e.actor_id LIMIT 1
      ) next
    )
    SELECT a.actor_type, a.actor_id, latest.actor_display
    FROM actors a
    CROSS JOIN LATERAL (
      SELECT e.actor_display FROM audit_events e
      WHERE e.org_id = ${orgId} AND e.actor_type = a.actor_type AND e.actor_id = a.actor_id
      ORDER BY e.seq DESC LIMIT 1
    ) latest
  `);
  const rows = (result as unknown as { rows: Array<Record<string, string>> }).rows;
  return rows
    .map((r) => ({
      type: r.actor_type as AuditActorType,
      id: String(r.actor_id),
      display: String(r.actor_display),
    }))
    .sort((a, b) => a.display.localeCompare(b.display) || a.id.localeCompare(b.id));
}

export async function getRetention(db: Database, orgId: number): Promise<AuditRetention> {
  const [row] = await db
    .select({ retention: auditLogs.retention })
    .from(auditLogs)
    .where(eq(auditLogs.orgId, orgId));
  return row?.retention ?? DEFAULT_AUDIT_RETENTION;
}

export async function setRetention(
  db: Database,
  orgId: number,
  retention: AuditRetention,
): Promise<void> {
  await db
    .insert(auditLogs)
    .values({ orgId, retention, headSeq: 0, headHash: GENESIS_HASH })
    .onConflictDoUpdate({ target: auditLogs.orgId, set: { retention } });
}

/** Every event of an organization in chain order (tests and verification read pages of it). */
export async function eventsAfter(
  db: Database,
  orgId: number,
  afterSeq: number,
  limit: number,
): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.orgId, orgId), sql`${auditEvents.seq} > ${afterSeq}`))
    .orderBy(asc(auditEvents.seq))
    .limit(limit);
}
