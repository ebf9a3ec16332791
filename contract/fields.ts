import * as z from 'zod/mini';
import { isValidEmail } from './rules';
import { EMAIL_MAX_LENGTH } from './session';

/**
 * Building blocks the area files share: length limits for free text, ISO timestamps, and the
 * query-string helpers (query values arrive as strings; callers may pass numbers and booleans).
 */

/** Person and group names, subjects, short labels. */
export const NAME_MAX_LENGTH = 200;
/** Webhook URLs, tenant paths, redirect URLs. */
export const URL_MAX_LENGTH = 2048;
/** Identifiers, codes, client ids, tokens passed back to the server. */
export const ID_MAX_LENGTH = 512;
/** Client secrets; an Okta application private key (JSON) is a few kilobytes. */
export const SECRET_MAX_LENGTH = 8192;
/** Largest number of ids accepted in one bulk call (device codes, alert ids). */
export const BULK_MAX_ITEMS = 1000;

/** Pagination (spec 9: first page is 1; 50 is the default page size and 100 the maximum). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export const nameField = () =>
  z.string().check(z.trim(), z.minLength(1), z.maxLength(NAME_MAX_LENGTH));
/** An e-mail address that passes the rule of spec 5 (the one rule of `rules.ts`). */
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

/** `{ name, email }`: the payload of add admin, resend invite and threat hunter user (spec 3). */
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
