/**
 * Reads the member CSV of POST /orgs/read-members (docs/product/members.md, "CSV import"): pure, no
 * I/O.
 *
 * - Text: UTF-8 (a byte-order mark is dropped); NUL bytes, UTF-16 and invalid UTF-8 are refused.
 * - Separator: ',' (';' when the header line has semicolons and no commas, as Excel writes CSV
 *   in many European locales). Quoted fields may hold separators, quotes ("") and line breaks;
 *   CRLF, LF and CR line ends all work. A stray quote inside an unquoted field is kept as text.
 * - Header (first row): matched ignoring case, spaces, '-', '_' and '.'. Name: 'fullname' or
 *   'name' (or 'first name' + 'last name', joined); e-mail: 'email' or 'email address' (so
 *   'E-mail', 'e_mail', 'Email Address' work). Other columns are ignored.
 * - Cells are data, never formulas: '=HYPERLINK(…)', '+1', '-1+1', '@SUM(…)' come back as typed.
 *   HTML in names is kept as typed too (the portal renders names as text). A CSV export, if one is
 *   ever added, must neutralise formula prefixes (=, +, -, @, tab, CR) before writing cells.
 * - Names: whitespace runs (including line breaks inside quotes) become one space, control
 *   characters are dropped, ends trimmed. E-mails: trimmed, checked with the e-mail rule of
 *   domain/.
 * - Rows are numbered as a spreadsheet shows them: the header is row 1. Blank rows are skipped.
 *   Rows with problems are left out of `members` and described in `error`; the good rows are still
 *   returned, with ids '0', '1', … in file order.
 */
import { parse, type CsvError } from 'csv-parse/sync';
import { CSV_MAX_ROWS, NewMember, type Member, type ReadMembersResult } from '@contract/members';
import { NAME_MAX_LENGTH } from '@domain/limits';
import { EMAIL_MAX_LENGTH, emailProblem } from '@domain/accounts';

export type CsvReadResult = Pick<ReadMembersResult, 'members' | 'error'>;

/** How many row numbers an error sentence lists before it says "and N more". */
const LISTED_ROWS = 10;

const TEMPLATE_HINT = "Use a header row such as 'Full Name,Email' (see the Example Template).";

/** Header name → the column it stands for, after {@link normalizeHeader}. */
const HEADER_ALIASES: Record<string, 'name' | 'email' | 'first' | 'last'> = {
  fullname: 'name',
  name: 'name',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  firstname: 'first',
  givenname: 'first',
  lastname: 'last',
  surname: 'last',
  familyname: 'last',
};

/** 'Full Name', 'full_name', 'FULL-NAME', ' fullname ' → 'fullname'. */
export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[\s\-_.]/g, '');
}

/** Control characters other than whitespace (C0, DEL, C1). */
// eslint-disable-next-line no-control-regex -- that is the point
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

export function cleanName(value: string): string {
  return value.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
}

function fail(error: string): CsvReadResult {
  return { members: [], error };
}

/** "row 3", "rows 3 and 5", "rows 3, 5, 7 and 2 more". */
export function describeRows(rows: readonly number[]): string {
  if (rows.length === 1) return `row ${rows[0]}`;
  const shown = rows.slice(0, LISTED_ROWS);
  const more = rows.length - shown.length;
  if (more > 0) return `rows ${shown.join(', ')} and ${more} more`;
  return `rows ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

const quote = (text: string) => `'${text.length > 40 ? `${text.slice(0, 40)}…` : text}'`;

/** Decodes the file as UTF-8 text, or explains why it is not. */
function decode(bytes: Uint8Array): string | { error: string } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return {
      error:
        "The file is saved as UTF-16 text. Save it as 'CSV UTF-8 (Comma delimited)' and upload it again.",
    };
  }
  if (bytes.includes(0)) {
    return {
      error:
        'The file is not a CSV text file (it contains binary data). Export your list as CSV and upload that file.',
    };
  }
  try {
    // Drops a UTF-8 byte-order mark; `fatal` turns invalid byte sequences into an exception.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return {
      error:
        "The file is not UTF-8 text. Save it as 'CSV UTF-8 (Comma delimited)' and upload it again.",
    };
  }
}

function parseRecords(text: string): string[][] | { error: string } {
  const firstLine = /^[^\r\n]*/.exec(text)?.[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  let lastLine = 0;
  try {
    return parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (record: string[], context: { lines: number }) => {
        lastLine = context.lines;
        return record;
      },
    }) as string[][];
  } catch (caught) {
    const error = caught as CsvError;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      return {
        error: `The file is not valid CSV: the quoted value that starts on line ${lastLine + 1} has no closing quote (").`,
      };
    }
    return {
      error: `The file is not valid CSV (a problem after line ${lastLine}). Export your list as CSV again.`,
    };
  }
}

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');

export function readMembersCsv(bytes: Uint8Array): CsvReadResult {
  if (bytes.length === 0) return fail(`The file is empty. ${TEMPLATE_HINT}`);
  const text = decode(bytes);
  if (typeof text !== 'string') return fail(text.error);
  if (text.trim() === '') return fail(`The file is empty. ${TEMPLATE_HINT}`);

  const records = parseRecords(text);
  if (!Array.isArray(records)) return fail(records.error);

  const headerIndex = records.findIndex((record) => !isBlank(record));
  const header = records[headerIndex] ?? [];
  const column: Partial<Record<'name' | 'email' | 'first' | 'last', number>> = {};
  header.forEach((cell, index) => {
    const key = HEADER_ALIASES[normalizeHeader(cell)];
    if (key && column[key] === undefined) column[key] = index;
  });
  const hasName =
    column.name !== undefined || (column.first !== undefined && column.last !== undefined);
  const missing = [
    ...(hasName ? [] : ['fullname']),
    ...(column.email === undefined ? ['email'] : []),
  ];
  if (missing.length > 0) {
    const looksLikeData = header.some((cell) => emailProblem(cell.trim()) === null);
    const found = header.filter((cell) => cell.trim() !== '').map((cell) => quote(cell.trim()));
    return fail(
      [
        `The file must include 'fullname' and 'email' columns; ${missing.map((m) => `'${m}'`).join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing.`,
        looksLikeData
          ? 'The first row looks like a member, not a header.'
          : found.length > 0
            ? `Columns found: ${found.join(', ')}.`
            : '',
        TEMPLATE_HINT,
      ]
        .filter(Boolean)
        .join(' '),
    );
  }

  const rows = records
    .map((record, index) => ({ record, row: index + 1 }))
    .slice(headerIndex + 1)
    .filter(({ record }) => !isBlank(record));
  if (rows.length === 0) return fail('The file has a header row but no members.');
  if (rows.length > CSV_MAX_ROWS) {
    return fail(
      `The file has ${rows.length.toLocaleString('en-US')} members; at most ${CSV_MAX_ROWS.toLocaleString('en-US')} can be added at once. Split it into smaller files.`,
    );
  }

  const cell = (record: readonly string[], index: number | undefined) =>
    index === undefined ? '' : (record[index] ?? '');
  const members: Member[] = [];
  const noEmail: number[] = [];
  const noName: number[] = [];
  const badEmail: number[] = [];
  const longName: number[] = [];
  for (const { record, row } of rows) {
    const name = cleanName(
      column.name !== undefined
        ? cell(record, column.name)
        : `${cell(record, column.first)} ${cell(record, column.last)}`,
    );
    const email = cell(record, column.email).trim();
    if (email === '') noEmail.push(row);
    else if (emailProblem(email) !== null || email.length > EMAIL_MAX_LENGTH) badEmail.push(row);
    else if (name === '') noName.push(row);
    else if (name.length > NAME_MAX_LENGTH) longName.push(row);
    // The create call validates with this schema: what passes here is accepted there.
    else if (NewMember.safeParse({ name, email }).success) {
      members.push({ id: String(members.length), name, email });
    } else badEmail.push(row);
  }

  const problems = [
    noEmail.length > 0 ? `No email in ${describeRows(noEmail)}.` : '',
    badEmail.length > 0 ? `Invalid email in ${describeRows(badEmail)}.` : '',
    noName.length > 0 ? `No name in ${describeRows(noName)}.` : '',
    longName.length > 0
      ? `Name longer than ${NAME_MAX_LENGTH} characters in ${describeRows(longName)}.`
      : '',
  ].filter(Boolean);
  if (problems.length === 0) return { members, error: null };
  const skipped = noEmail.length + badEmail.length + noName.length + longName.length;
  return {
    members,
    error: `${problems.join(' ')} ${skipped === 1 ? 'That row was' : 'Those rows were'} left out.`,
  };
}
