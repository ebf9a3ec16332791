/**
 * CSV export, one way for every download the server streams (devices, alerts, the audit log):
 * RFC 4180 quoting, CRLF line ends, a UTF-8 byte-order mark so spreadsheet programs read
 * non-ASCII names correctly, and every cell neutralised against formula injection (OWASP, "CSV
 * Injection"): a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed
 * with `'`, so a spreadsheet shows the text instead of evaluating it.
 *
 * Rows come from an async iterable (a keyset-paginated read of the database), so an export of a
 * million rows holds one page in memory, never the whole result.
 */
import type { Context } from 'hono';
import { stream } from 'hono/streaming';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined | Date;

/** One cell: neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : String(value);
  // Numbers are data the server wrote ('-3' is a number, not a formula); only text is neutralised.
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line, CRLF-terminated (RFC 4180). */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

const BOM = '\uFEFF';

/** A file name for Content-Disposition: letters, digits, dot, dash and underscore only. */
function safeFilename(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * Streams `header` then every row of `rows` as a CSV download. Rows are written as they arrive;
 * a client that goes away stops the read (the iterable's `return` runs, releasing its cursor).
 */
export function streamCsv(
  c: Context,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]>,
): Response {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${safeFilename(filename)}"`);
  c.header('Cache-Control', 'no-store');
  return stream(c, async (out) => {
    await out.write(BOM + csvRow(header));
    for await (const row of rows) {
      if (out.aborted) break;
      await out.write(csvRow(row));
    }
  });
}

/** The items of `source` through `f`, as they arrive (records → CSV rows). */
export async function* mapRows<T, U>(
  source: AsyncIterable<T>,
  f: (item: T) => U,
): AsyncGenerator<U> {
  for await (const item of source) yield f(item);
}

/** Streams one JSON document per line (JSON Lines, `application/x-ndjson`). */
export function streamJsonLines(
  c: Context,
  filename: string,
  rows: AsyncIterable<unknown>,
): Response {
  c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${safeFilename(filename)}"`);
  c.header('Cache-Control', 'no-store');
  return stream(c, async (out) => {
    for await (const row of rows) {
      if (out.aborted) break;
      await out.write(`${JSON.stringify(row)}\n`);
    }
  });
}
