/**
 * Opaque page cursors (docs/decisions/054-public-api.md, 'Pages'): the position after the last
 * item answered, as base64url JSON of text values. Opaque to clients, so the server may change
 * what it keeps; a text that is not one of ours is a 400, never a 500.
 */
import { ProblemError } from './problem';

export function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The cursor's values: `length` texts or numbers, else a 400 problem. */
export function decodeCursor(cursor: string, length: number): Array<string | number> {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  if (
    !Array.isArray(values) ||
    values.length !== length ||
    !values.every((v) => (typeof v === 'string' && v.length <= 512) || Number.isSafeInteger(v))
  ) {
    throw badCursor();
  }
  return values as Array<string | number>;
}

export const badCursor = (why = 'The cursor is not one this API answered for this list.') =>
  new ProblemError('invalid_request', why, [{ location: 'query.cursor', message: why }]);
