import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, isValidEmail } from '@domain/accounts';
import { ID_MAX_LENGTH, NAME_MAX_LENGTH } from '@domain/limits';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@domain/pagination';

/**
 * Building blocks the area files share: fields with the length limits of domain/limits.ts, ISO
 * timestamps, and the query-string helpers (query values arrive as strings; callers may pass
 * numbers and booleans).
 */

/** Largest number of ids accepted in one bulk call (device codes, alert ids). */
export const BULK_MAX_ITEMS = 1000;

export const nameField = () =>
  z.string().check(z.trim(), z.minLength(1), z.maxLength(NAME_MAX_LENGTH));
/** An e-mail address that passes the e-mail rule (domain/accounts.ts; docs/product/sign-in.md). */
export const emailField = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(EMAIL_MAX_LENGTH),
      z.refine(isValidEmail, 'Enter a valid Email'),
    );
export const idField = () => z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH));

/** An ISO 8601 date-time such as '2026-11-20T14:05:00Z' (offsets and fractions allowed). */
export const isoDateTime = () => z.iso.datetime({ offset: true });

/** `{ name, email }`: the payload of add admin, resend invite and threat hunter user. */
export const NameEmailBody = z.object({ name: nameField(), email: emailField() });
export type NameEmailBody = z.infer<typeof NameEmailBody>;

/** A positive whole number in the query string ('2' or 2). */
export const positiveIntQuery = () =>
  z.coerce.number<number | string>().check(z.int(), z.minimum(1));

/** `page` and `pageSize` with their defaults; a page size above {@link MAX_PAGE_SIZE} is refused. */
export const paginationQuery = {
  page: z._default(positiveIntQuery(), DEFAULT_PAGE),
  pageSize: z._default(positiveIntQuery().check(z.maximum(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
};

/** 'true' / 'false' in the query string (or a boolean from the caller), parsed to a boolean. */
export const booleanQuery = () =>
  z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false'])]),
    z.transform((v: boolean | 'true' | 'false') => v === true || v === 'true'),
  );

/**
 * A repeatable query parameter (`severity=critical&severity=warning`): one value or a list,
 * always parsed to a list. Pass the allowed values.
 */
export const repeatedQuery = <const V extends readonly [string, ...string[]]>(values: V) => {
  const item = z.enum(values);
  type Item = V[number];
  return z.pipe(
    z.union([item, z.array(item)]),
    z.transform((v: Item | Item[]): Item[] => (Array.isArray(v) ? v : [v])),
  );
};
