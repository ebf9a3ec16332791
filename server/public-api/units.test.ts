/** The public API's pure pieces: the rate-limit window and headers, cursors, problem details. */
import { describe, expect, it } from 'vitest';
import { rateLimitHeaders, rateLimitState, windowStart } from './rate-limit';
import { decodeCursor, encodeCursor } from './cursor';
import { ProblemError, validationErrors } from './problem';

describe('rate limit window', () => {
  it('is the UTC minute; reset counts the seconds left in it (at least 1)', () => {
    const now = new Date('2030-01-15T09:00:59.400Z');
    const start = windowStart(now);
    expect(start.toISOString()).toBe('2030-01-15T09:00:00.000Z');
    expect(rateLimitState(1, 600, start, now)).toEqual({
      limit: 600,
      remaining: 599,
      resetSeconds: 1,
      exceeded: false,
    });
    expect(rateLimitState(600, 600, start, new Date('2030-01-15T09:00:00.000Z'))).toMatchObject({
      remaining: 0,
      resetSeconds: 60,
      exceeded: false,
    });
    expect(rateLimitState(601, 600, start, now)).toMatchObject({ remaining: 0, exceeded: true });
    expect(rateLimitHeaders(rateLimitState(2, 3, start, now))).toEqual({
      'RateLimit-Limit': '3',
      'RateLimit-Remaining': '1',
      'RateLimit-Reset': '1',
    });
  });
});

describe('cursors', () => {
  it('round-trip, and anything else is a 400 problem', () => {
    const c = encodeCursor([':', 'ab|c', 42]);
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c, 3)).toEqual([':', 'ab|c', 42]);
    for (const [bad, n] of [
      [c, 2],
      ['!!!', 1],
      [encodeCursor([1.5]), 1],
      [Buffer.from('{"a":1}').toString('base64url'), 1],
      [encodeCursor(['x'.repeat(600)]), 1],
    ] as Array<[string, number]>) {
      let error: unknown;
      try {
        decodeCursor(bad, n);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ProblemError);
      expect((error as ProblemError).body()).toMatchObject({
        status: 400,
        title: 'Invalid request',
      });
    }
  });
});

describe('validation errors', () => {
  it('name each unknown key and place every issue', () => {
    expect(
      validationErrors('query', [
        { path: [], message: 'x', code: 'unrecognized_keys', keys: ['a', 'b'] },
        { path: ['limit'], message: 'Too big' },
      ]),
    ).toEqual([
      { location: 'query.a', message: "Unknown query parameter 'a'" },
      { location: 'query.b', message: "Unknown query parameter 'b'" },
      { location: 'query.limit', message: 'Too big' },
    ]);
    expect(
      validationErrors('body', [
        { path: ['members', 0], message: 'x', code: 'unrecognized_keys', keys: ['role'] },
      ]),
    ).toEqual([{ location: 'body.members.0.role', message: "Unknown field 'role'" }]);
  });
});
