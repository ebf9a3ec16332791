/**
 * The hash chain of an organization's events (docs/decisions/018-audit-log.md, 'Tamper
 * evidence'): hash = sha256(previous hash + canonical JSON of the event), hex. The first event of
 * a log follows GENESIS_HASH; after a retention run, the first event kept follows the checkpoint's
 * hash. What is hashed is every column but the hashes themselves, so editing any of them (or
 * moving an event to another organization or place) breaks the link at that event.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

export const GENESIS_HASH = '0'.repeat(64);

/** The hashed content of an event: exactly these members, in canonical JSON. */
export interface ChainedEvent {
  orgId: number;
  seq: number;
  time: string;
  actor: { type: string; id: string; display: string };
  action: string;
  target: { type: string; id: string | null; display: string } | null;
  outcome: string;
  message: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  changes: Record<string, unknown> | null;
}

/**
 * The canonical JSON of an event around its number: `before + seq + after` is
 * canonicalJson(event), so the database can hash an event whose number it gives
 * (server/audit/data.ts). "seq" is the last member whose value can hold an object key (only
 * target, time and userAgent follow it, and they hold no "seq"), hence the last occurrence.
 */
export function splitAtSeq(event: Omit<ChainedEvent, 'seq'>): { before: string; after: string } {
  const text = canonicalJson({ ...event, seq: 0 });
  const marker = '"seq":0';
  const at = text.lastIndexOf(marker);
  return { before: text.slice(0, at + marker.length - 1), after: text.slice(at + marker.length) };
}

export function eventHash(prevHash: string, event: ChainedEvent): string {
  return createHash('sha256').update(prevHash).update(canonicalJson(event)).digest('hex');
}

/** A stored event as the chain sees it (the columns of audit_events). */
export interface StoredEvent {
  orgId: number;
  seq: number;
  occurredAt: Date;
  actorType: string;
  actorId: string;
  actorDisplay: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetDisplay: string | null;
  outcome: string;
  message: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  changes: Record<string, unknown> | null;
  prevHash: string;
  hash: string;
}

export function chainedContent(row: Omit<StoredEvent, 'prevHash' | 'hash'>): ChainedEvent {
  return {
    orgId: row.orgId,
    seq: row.seq,
    time: row.occurredAt.toISOString(),
    actor: { type: row.actorType, id: row.actorId, display: row.actorDisplay },
    action: row.action,
    target:
      row.targetType === null
        ? null
        : { type: row.targetType, id: row.targetId, display: row.targetDisplay ?? '' },
    outcome: row.outcome,
    message: row.message,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    changes: row.changes,
  };
}

export type ChainBreak =
  | { seq: number; problem: 'gap'; expectedSeq: number }
  | { seq: number; problem: 'previous hash'; expected: string; found: string }
  | { seq: number; problem: 'hash'; expected: string; found: string };

/**
 * Checks events (in seq order) against the chain, starting after `start` (the genesis, or the
 * newest checkpoint). Feed pages in order; the first break found is returned and the walk stops.
 */
export class ChainWalker {
  #prevHash: string;
  #nextSeq: number;
  count = 0;

  constructor(start: { seq: number; hash: string } = { seq: 0, hash: GENESIS_HASH }) {
    this.#prevHash = start.hash;
    this.#nextSeq = start.seq + 1;
  }

  /** The first break in `rows`, or null when they continue the chain. */
  check(rows: Iterable<StoredEvent>): ChainBreak | null {
    for (const row of rows) {
      if (row.seq !== this.#nextSeq) {
        return { seq: row.seq, problem: 'gap', expectedSeq: this.#nextSeq };
      }
      if (row.prevHash !== this.#prevHash) {
        return {
          seq: row.seq,
          problem: 'previous hash',
          expected: this.#prevHash,
          found: row.prevHash,
        };
      }
      const expected = eventHash(row.prevHash, chainedContent(row));
      if (row.hash !== expected)
        return { seq: row.seq, problem: 'hash', expected, found: row.hash };
      this.#prevHash = row.hash;
      this.#nextSeq = row.seq + 1;
      this.count++;
    }
    return null;
  }

  /** The hash the next event must follow (the head, once every row was checked). */
  get head(): { seq: number; hash: string } {
    return { seq: this.#nextSeq - 1, hash: this.#prevHash };
  }
}
