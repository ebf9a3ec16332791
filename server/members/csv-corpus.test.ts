/**
 * The hostile CSV corpus (tests/fixtures/csv/) through the real endpoint: every file gets a clear
 * error or a safe result, never a 500. `CSV_CORPUS_TABLE=1 npx vitest run server/members/csv-corpus`
 * prints the table of tests/fixtures/csv/README.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_MAX_ROWS } from '@contract/members';
import { createTestApp } from '../test-support';
import { makeOrg } from '../test-support/factories';

const DIR = fileURLToPath(new URL('../../tests/fixtures/csv/', import.meta.url));
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(DIR, name)));

/** Generated at run time (not committed): 3 MB, and one row more than the limit. */
function tooLarge(): Uint8Array {
  const row = 'Generated Person,generated.person@example.com\r\n';
  return new TextEncoder().encode(
    `Full Name,Email\r\n${row.repeat(Math.ceil((3 * 1024 * 1024) / row.length))}`,
  );
}
function manyRows(): Uint8Array {
  const rows = Array.from(
    { length: CSV_MAX_ROWS + 1 },
    (_, i) => `Person ${i},person.${i}@example.com`,
  );
  return new TextEncoder().encode(`Full Name,Email\r\n${rows.join('\r\n')}\r\n`);
}

interface Outcome {
  status: number;
  members?: Array<{ id: string; name: string; email: string }>;
  error: string | null;
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
const table: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await makeOrg(t)).cookie;
}, 60_000);
afterAll(async () => {
  await t.close();
  if (process.env.CSV_CORPUS_TABLE) console.log(table.join('\n'));
});

async function run(name: string, bytes: Uint8Array): Promise<Outcome> {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'text/csv' }), name);
  const res = await t.app.request('/api/orgs/read-members', {
    method: 'POST',
    body: form,
    headers: { cookie, 'x-requested-with': 'portal' },
  });
  expect(res.status, name).not.toBe(500);
  expect(res.headers.get('content-type')).toContain('application/json');
  const data = (await res.json()) as { members?: Outcome['members']; error: string | null };
  const outcome = { status: res.status, members: data.members, error: data.error };
  const shown = outcome.members
    ? `${outcome.members.length} member(s)${
        outcome.members.length
          ? `: ${outcome.members
              .slice(0, 4)
              .map((m) => `${m.name} <${m.email}>`)
              .join('; ')}${outcome.members.length > 4 ? '; …' : ''}`
          : ''
      }`
    : '-';
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  table.push(
    `| \`${name}\` | ${outcome.status} | ${cell(shown)} | ${cell(outcome.error ?? '(none)')} |`,
  );
  return outcome;
}

describe('hostile CSV corpus through POST /orgs/read-members', () => {
  it('empty.csv: the file is empty', async () => {
    const r = await run('empty.csv', fixture('empty.csv'));
    expect(r).toMatchObject({ status: 200, members: [] });
    expect(r.error).toContain('The file is empty.');
  });

  it('header-only.csv: no members', async () => {
    const r = await run('header-only.csv', fixture('header-only.csv'));
    expect(r).toEqual({
      status: 200,
      members: [],
      error: 'The file has a header row but no members.',
    });
  });

  it('wrong-columns.csv: both columns missing, the columns found named', async () => {
    const r = await run('wrong-columns.csv', fixture('wrong-columns.csv'));
    expect(r.members).toEqual([]);
    expect(r.error).toContain("'fullname' and 'email' are missing");
    expect(r.error).toContain("Columns found: 'Person', 'Phone', 'Department'.");
  });

  it('no-email-column.csv: the email column missing', async () => {
    const r = await run('no-email-column.csv', fixture('no-email-column.csv'));
    expect(r.members).toEqual([]);
    expect(r.error).toContain("'email' is missing");
  });

  it('binary.csv: not a text file', async () => {
    const r = await run('binary.csv', fixture('binary.csv'));
    expect(r).toMatchObject({ status: 200, members: [] });
    expect(r.error).toContain('binary data');
  });

  it('too-large.csv (3 MB, generated): 413 with the limit named', async () => {
    const r = await run('too-large.csv', tooLarge());
    expect(r.status).toBe(413);
    expect(r.error).toBe(
      'The file is larger than 2 MB. Split it into smaller files and upload them one by one.',
    );
  });

  it('many-rows.csv (10,001 rows, generated): over the row limit', async () => {
    const r = await run('many-rows.csv', manyRows());
    expect(r).toMatchObject({ status: 200, members: [] });
    expect(r.error).toContain('at most 10,000');
  });

  it('formula-cells.csv: formulas come back as plain text', async () => {
    const r = await run('formula-cells.csv', fixture('formula-cells.csv'));
    expect(r.members?.map((m) => m.name)).toEqual([
      '=HYPERLINK("http://evil.example","click")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
    ]);
    // A formula where the e-mail should be is not an e-mail.
    expect(r.error).toBe('Invalid email in row 6. That row was left out.');
  });

  it('html-names.csv: HTML kept as typed (the portal renders text)', async () => {
    const r = await run('html-names.csv', fixture('html-names.csv'));
    expect(r.error).toBeNull();
    expect(r.members?.map((m) => m.name)).toEqual([
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">Click</a>',
    ]);
  });

  it('quoted.csv: BOM, CRLF, commas, quotes and line breaks inside quotes', async () => {
    const r = await run('quoted.csv', fixture('quoted.csv'));
    expect(r).toEqual({
      status: 200,
      members: [
        { id: '0', name: 'Doe, Jane', email: 'jane.doe@example.com' },
        { id: '1', name: 'O\'Brien "Bob" Robert', email: 'bob.obrien@example.com' },
        { id: '2', name: 'Ng, Mei-Ling', email: 'mei@example.com' },
        { id: '3', name: 'José Álvarez', email: 'jose@example.com' },
      ],
      error: null,
    });
  });

  it('invalid-emails.csv: each problem with its row numbers, good rows kept', async () => {
    const r = await run('invalid-emails.csv', fixture('invalid-emails.csv'));
    expect(r.members?.map((m) => m.email)).toEqual(['good@example.com', 'good2@example.com']);
    expect(r.error).toBe(
      'No email in row 7. Invalid email in rows 3, 4, 5 and 6. No name in row 8. Those rows were left out.',
    );
  });

  it('duplicates-in-file.csv: every row returned (the review screen marks duplicates)', async () => {
    const r = await run('duplicates-in-file.csv', fixture('duplicates-in-file.csv'));
    expect(r.error).toBeNull();
    expect(r.members).toHaveLength(4);
  });

  it('unclosed-quote.csv: not valid CSV, the line named', async () => {
    const r = await run('unclosed-quote.csv', fixture('unclosed-quote.csv'));
    expect(r).toEqual({
      status: 200,
      members: [],
      error:
        'The file is not valid CSV: the quoted value that starts on line 3 has no closing quote (").',
    });
  });

  it('a file that is not .csv: 400', async () => {
    const r = await run('members.xlsx', fixture('quoted.csv'));
    expect(r.status).toBe(400);
  });
});
