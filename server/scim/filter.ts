/**
 * SCIM filters (RFC 7644 §3.4.2.2) parsed by `scim2-parse-filter` (docs/decisions/050-scim.md),
 * never by splitting strings. Hostile filters stop here with a 400 `invalidFilter`: too long,
 * nested too deeply (the parser is recursive), or not a filter at all.
 */
import { parse, type Filter } from 'scim2-parse-filter';
import { ScimHttpError } from './errors';

/** Longer than any filter Okta or Entra ID sends (one attribute, one value, ~300 characters). */
export const MAX_FILTER_LENGTH = 2000;
/** Brackets and parentheses, together: a bound on the parser's recursion. */
export const MAX_FILTER_NESTING = 10;
/** and/or/not terms, each one more condition in the query. */
export const MAX_FILTER_TERMS = 30;

export function parseScimFilter(text: string): Filter {
  if (text.length > MAX_FILTER_LENGTH) {
    throw new ScimHttpError(
      400,
      `The filter is longer than ${MAX_FILTER_LENGTH} characters.`,
      'invalidFilter',
    );
  }
  if (nestingOf(text) > MAX_FILTER_NESTING) {
    throw new ScimHttpError(
      400,
      `The filter nests deeper than ${MAX_FILTER_NESTING} levels.`,
      'invalidFilter',
    );
  }
  let filter: Filter;
  try {
    filter = parse(text);
  } catch {
    throw new ScimHttpError(400, 'The filter is not a valid SCIM filter.', 'invalidFilter');
  }
  if (countTerms(filter) > MAX_FILTER_TERMS) {
    throw new ScimHttpError(
      400,
      `The filter has more than ${MAX_FILTER_TERMS} conditions.`,
      'invalidFilter',
    );
  }
  return filter;
}

/** The deepest nesting of ( and [ outside quoted strings. */
function nestingOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '[') deepest = Math.max(deepest, ++depth);
    else if (ch === ')' || ch === ']') depth--;
  }
  return deepest;
}

function countTerms(f: Filter): number {
  switch (f.op) {
    case 'and':
    case 'or':
      return f.filters.reduce((n, g) => n + countTerms(g), 0);
    case 'not':
      return countTerms(f.filter);
    case '[]':
      return 1 + countTerms(f.valFilter);
    default:
      return 1;
  }
}
