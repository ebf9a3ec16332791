import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allowAllDuplicates,
  canSend,
  countCodes,
  markDuplicates,
  membersToSend,
  toggleDuplicate,
  type CandidateMember,
} from './duplicates';

const person = (id: string, email: string, name = `Person ${id}`): CandidateMember => ({
  id,
  name,
  email,
});

describe('duplicate marking', () => {
  it('marks a match with an existing member, case-insensitively', () => {
    const review = markDuplicates(
      [person('0', 'new@acme.test'), person('1', 'Dana.Lee@ACME.test', 'Dana Lee')],
      ['dana.lee@acme.test'],
    );
    expect(review.map((m) => m.duplicate)).toEqual([false, true]);
    expect(countCodes(review)).toBe(1);
  });

  it('marks a repeat of an earlier entry of the list, not the first one', () => {
    const review = markDuplicates(
      [person('0', 'a@x.io'), person('1', 'b@x.io'), person('2', 'A@x.io '), person('3', 'a@X.io')],
      [],
    );
    expect(review.map((m) => m.duplicate)).toEqual([false, false, true, true]);
  });

  it('Undo re-allows one duplicate, clicking again excludes it, other rows never toggle', () => {
    let review = markDuplicates([person('0', 'a@x.io'), person('1', 'a@x.io')], []);
    review = toggleDuplicate(review, '1');
    expect(countCodes(review)).toBe(2);
    review = toggleDuplicate(review, '1');
    expect(countCodes(review)).toBe(1);
    expect(toggleDuplicate(review, '0')).toEqual(review);
  });

  it('the e2e example: two people, one of them Dana Lee, Undo → 2 codes', () => {
    let review = markDuplicates(
      [person('0', 'sam.new@acme.test', 'Sam New'), person('1', 'dana.lee@acme.test', 'Dana Lee')],
      ['dana.lee@acme.test', 'admin@acme.test'],
    );
    expect(countCodes(review)).toBe(1);
    review = toggleDuplicate(review, '1');
    expect(countCodes(review)).toBe(2);
  });

  it('send needs something to send and no request running', () => {
    const review = markDuplicates([person('0', 'a@x.io')], ['a@x.io']);
    expect(canSend(review, false)).toBe(false);
    expect(canSend(allowAllDuplicates(review), false)).toBe(true);
    expect(canSend(allowAllDuplicates(review), true)).toBe(false);
    expect(canSend([], false)).toBe(false);
  });
});

const email = fc
  .tuple(
    fc.constantFrom('a', 'b', 'c', 'Dana', 'DANA', 'x.y'),
    fc.constantFrom('acme.test', 'ACME.test', 'x.io'),
  )
  .map(([local, domain]) => `${local}@${domain}`);
const candidates = fc
  .array(email, { maxLength: 30 })
  .map((emails) => emails.map((e, i) => person(String(i), e)));
const existing = fc.array(email, { maxLength: 10 });

describe('duplicate rule properties', () => {
  it('codes = non-duplicates + re-allowed duplicates, whatever is re-allowed', () => {
    fc.assert(
      fc.property(candidates, existing, fc.array(fc.nat(40)), (list, known, clicks) => {
        let review = markDuplicates(list, known);
        for (const c of clicks) review = toggleDuplicate(review, String(c));
        const nonDup = review.filter((m) => !m.duplicate).length;
        const allowed = review.filter((m) => m.duplicate && m.allowedDupe).length;
        expect(countCodes(review)).toBe(nonDup + allowed);
        expect(membersToSend(review)).toHaveLength(nonDup + allowed);
      }),
    );
  });

  it('without re-allowing, every e-mail is sent at most once and never to an existing member', () => {
    fc.assert(
      fc.property(candidates, existing, (list, known) => {
        const sent = membersToSend(markDuplicates(list, known)).map((m) =>
          m.email.trim().toLowerCase(),
        );
        expect(new Set(sent).size).toBe(sent.length);
        const knownSet = new Set(known.map((e) => e.toLowerCase()));
        expect(sent.some((e) => knownSet.has(e))).toBe(false);
      }),
    );
  });

  it('the first occurrence of a new e-mail is never a duplicate; order and ids are kept', () => {
    fc.assert(
      fc.property(candidates, (list) => {
        const review = markDuplicates(list, []);
        expect(review.map((m) => m.id)).toEqual(list.map((m) => m.id));
        const firsts = new Map<string, string>();
        for (const m of list)
          if (!firsts.has(m.email.toLowerCase())) firsts.set(m.email.toLowerCase(), m.id);
        for (const m of review)
          expect(m.duplicate).toBe(firsts.get(m.email.toLowerCase()) !== m.id);
      }),
    );
  });

  it('Undo all re-allows exactly the duplicates: every candidate is sent', () => {
    fc.assert(
      fc.property(candidates, existing, (list, known) => {
        expect(countCodes(allowAllDuplicates(markDuplicates(list, known)))).toBe(list.length);
      }),
    );
  });
});
