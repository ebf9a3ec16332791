import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';
import {
  chainedContent,
  ChainWalker,
  eventHash,
  GENESIS_HASH,
  splitAtSeq,
  type StoredEvent,
} from './chain';

function chain(n: number, start = { seq: 0, hash: GENESIS_HASH }): StoredEvent[] {
  const rows: StoredEvent[] = [];
  let prev = start.hash;
  for (let i = 1; i <= n; i++) {
    const row = {
      orgId: 7,
      seq: start.seq + i,
      occurredAt: new Date(Date.UTC(2026, 10, 24, 6, 0, i)),
      actorType: 'user',
      actorId: '3',
      actorDisplay: 'Avery Admin',
      action: 'alert.closed',
      targetType: 'alert',
      targetId: `scan_${i}`,
      targetDisplay: `scan_${i}`,
      outcome: 'success',
      message: null,
      ip: '203.0.113.9',
      userAgent: 'test',
      requestId: `r${i}`,
      changes: { alertIds: [`scan_${i}`] },
    };
    const hash = eventHash(prev, chainedContent(row));
    rows.push({ ...row, prevHash: prev, hash });
    prev = hash;
  }
  return rows;
}

describe('the hash chain', () => {
  it('is sha256(previous hash + canonical JSON of the event), hex', () => {
    const [first] = chain(1);
    const expected = createHash('sha256')
      .update(GENESIS_HASH + canonicalJson(chainedContent(first!)))
      .digest('hex');
    expect(first!.hash).toBe(expected);
    expect(first!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies an intact chain, page by page', () => {
    const rows = chain(10);
    const walker = new ChainWalker();
    expect(walker.check(rows.slice(0, 4))).toBeNull();
    expect(walker.check(rows.slice(4))).toBeNull();
    expect(walker.count).toBe(10);
    expect(walker.head).toEqual({ seq: 10, hash: rows[9]!.hash });
  });

  it('finds an edited field, a removed event and a rewritten hash at the event where they are', () => {
    const edited = chain(5);
    edited[2] = { ...edited[2]!, actorDisplay: 'Someone Else' };
    expect(new ChainWalker().check(edited)).toMatchObject({ seq: 3, problem: 'hash' });

    const gap = chain(5);
    gap.splice(1, 1);
    expect(new ChainWalker().check(gap)).toMatchObject({ seq: 3, problem: 'gap', expectedSeq: 2 });

    // Re-hashing an edited event still breaks the next link.
    const rehashed = chain(5);
    const changed = { ...rehashed[1]!, outcome: 'failure' };
    changed.hash = eventHash(changed.prevHash, chainedContent(changed));
    rehashed[1] = changed;
    expect(new ChainWalker().check(rehashed)).toMatchObject({ seq: 3, problem: 'previous hash' });
  });

  it('starts after a checkpoint: the first event kept follows its hash', () => {
    const full = chain(8);
    const kept = full.slice(5);
    expect(new ChainWalker({ seq: 5, hash: full[4]!.hash }).check(kept)).toBeNull();
    expect(new ChainWalker().check(kept)).toMatchObject({ seq: 6, problem: 'gap' });
  });

  it('splits the canonical JSON around the number, also when changes hold a "seq" of their own', () => {
    const [row] = chain(1);
    const content = chainedContent({ ...row!, changes: { seq: 0, nested: { seq: 0 } } });
    const { seq, ...rest } = content;
    const { before, after } = splitAtSeq(rest);
    expect(before + String(seq) + after).toBe(canonicalJson(content));
  });
});
