import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CSV_MAX_ROWS } from '@contract/members';
import { isValidEmail } from '@domain/accounts';
import { describeRows, normalizeHeader, readMembersCsv } from './csv';

const utf8 = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => readMembersCsv(utf8(text));

describe('readMembersCsv: headers', () => {
  it.each(['fullname', 'Full Name', 'full_name', 'FULL-NAME', ' Full  Name ', 'name', 'Name'])(
    'accepts %j as the name column',
    (header) => {
      const r = read(`${header},Email\nAda Lovelace,ada@example.com\n`);
      expect(r).toEqual({
        members: [{ id: '0', name: 'Ada Lovelace', email: 'ada@example.com' }],
        error: null,
      });
    },
  );

  it.each(['email', 'Email', 'E-mail', 'e_mail', 'EMAIL ADDRESS', 'Email Address'])(
    'accepts %j as the e-mail column',
    (header) => {
      expect(read(`Full Name,${header}\nAda,ada@example.com`).members).toHaveLength(1);
    },
  );

  it('normalizes header names', () => {
    expect(normalizeHeader('FULL-NAME')).toBe('fullname');
    expect(normalizeHeader('e_mail.')).toBe('email');
  });

  it('joins first and last name columns, ignores other columns, any column order', () => {
    expect(read('Email,Dept,First Name,Last Name\nada@example.com,R&D,Ada,Lovelace\n')).toEqual({
      members: [{ id: '0', name: 'Ada Lovelace', email: 'ada@example.com' }],
      error: null,
    });
  });

  it('drops a byte-order mark and reads CRLF, CR and LF line ends', () => {
    const expected = [
      { id: '0', name: 'Ada', email: 'ada@example.com' },
      { id: '1', name: 'Bob', email: 'bob@example.com' },
    ];
    for (const eol of ['\r\n', '\n', '\r']) {
      const text = `\uFEFFFull Name,Email${eol}Ada,ada@example.com${eol}Bob,bob@example.com${eol}`;
      expect(read(text), JSON.stringify(eol)).toEqual({ members: expected, error: null });
    }
  });

  it('reads semicolon-separated files (Excel in many locales)', () => {
    expect(read('Full Name;Email\r\n"Doe, Jane";jane@example.com\r\n').members).toEqual([
      { id: '0', name: 'Doe, Jane', email: 'jane@example.com' },
    ]);
  });
});

describe('readMembersCsv: cells', () => {
  it('keeps commas, quotes and line breaks inside quoted fields', () => {
    const r = read(
      'Full Name,Email\r\n"Doe, Jane",jane@example.com\r\n"Li ""Lee""\r\nWong",lee@example.com\r\n',
    );
    expect(r.members).toEqual([
      { id: '0', name: 'Doe, Jane', email: 'jane@example.com' },
      // A line break inside a name becomes a space.
      { id: '1', name: 'Li "Lee" Wong', email: 'lee@example.com' },
    ]);
    expect(r.error).toBeNull();
  });

  it('trims names and e-mails and collapses whitespace in names', () => {
    expect(read('Full Name,Email\n  Ada \t Lovelace  ,  ada@example.com  \n').members).toEqual([
      { id: '0', name: 'Ada Lovelace', email: 'ada@example.com' },
    ]);
  });

  it('returns formula cells as plain text, never evaluated', () => {
    const names = ['=HYPERLINK("http://evil.example","click")', '+1+1', '-2+3', '@SUM(A1)'];
    const text = `Full Name,Email\n${names
      .map((n, i) => `"${n.replace(/"/g, '""')}",user${i}@example.com`)
      .join('\n')}\n`;
    expect(read(text).members.map((m) => m.name)).toEqual(names);
  });

  it('keeps HTML in names as typed (the portal renders text)', () => {
    const r = read('Full Name,Email\n<script>alert(1)</script>,x@example.com\n');
    expect(r.members[0]?.name).toBe('<script>alert(1)</script>');
  });

  it('keeps a stray quote inside an unquoted field as text', () => {
    expect(read('Full Name,Email\nJo "JJ" Smith,jo@example.com\n').members[0]?.name).toBe(
      'Jo "JJ" Smith',
    );
  });

  it('skips blank rows but counts them in row numbers', () => {
    const r = read('Full Name,Email\n\nAda,ada@example.com\n,\nBob,\n');
    expect(r.members).toEqual([{ id: '0', name: 'Ada', email: 'ada@example.com' }]);
    expect(r.error).toBe('No email in row 5. That row was left out.');
  });
});

describe('readMembersCsv: errors', () => {
  it('an empty file', () => {
    expect(readMembersCsv(new Uint8Array())).toEqual({
      members: [],
      error: expect.stringContaining('The file is empty.'),
    });
    expect(read(' \r\n\r\n').error).toContain('The file is empty.');
  });

  it('a header-only file', () => {
    expect(read('Full Name,Email\r\n')).toEqual({
      members: [],
      error: 'The file has a header row but no members.',
    });
  });

  it('missing columns, naming which', () => {
    expect(read('Full Name,Phone\nAda,123\n').error).toBe(
      "The file must include 'fullname' and 'email' columns; 'email' is missing. Columns found: 'Full Name', 'Phone'. Use a header row such as 'Full Name,Email' (see the Example Template).",
    );
    expect(read('Mail Address,Phone\nx@y.z,1\n').error).toContain(
      "'fullname' and 'email' are missing",
    );
    expect(read('Email,Phone\nx@y.z,1\n').error).toContain("'fullname' is missing");
  });

  it('a file without a header row', () => {
    expect(read('Ada Lovelace,ada@example.com\n').error).toContain(
      'The first row looks like a member, not a header.',
    );
  });

  it('rows without an e-mail and invalid e-mails, by row number (header is row 1)', () => {
    const r = read(
      'Full Name,Email\nAda,ada@example.com\nBob,\nCy,not-an-email\nDee,dee@example\nEve,eve@example.com\nFay,fäy@example.com\n,nameless@example.com\n',
    );
    expect(r.members).toEqual([
      { id: '0', name: 'Ada', email: 'ada@example.com' },
      { id: '1', name: 'Eve', email: 'eve@example.com' },
    ]);
    expect(r.error).toBe(
      'No email in row 3. Invalid email in rows 4, 5 and 7. No name in row 8. Those rows were left out.',
    );
  });

  it('lists at most ten row numbers', () => {
    expect(describeRows([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])).toBe(
      'rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 2 more',
    );
  });

  it('a name longer than the limit', () => {
    const r = read(`Full Name,Email\n${'x'.repeat(201)},x@example.com\n`);
    expect(r).toEqual({
      members: [],
      error: 'Name longer than 200 characters in row 2. That row was left out.',
    });
  });

  it('binary content, UTF-16 and invalid UTF-8', () => {
    expect(readMembersCsv(new Uint8Array([0x46, 0x00, 0x01, 0xff, 0x2c])).error).toContain(
      'binary data',
    );
    expect(readMembersCsv(new Uint8Array([0xff, 0xfe, 0x46, 0x00])).error).toContain('UTF-16');
    // 'José' in Windows-1252.
    expect(
      readMembersCsv(new Uint8Array([...utf8('Full Name,Email\nJos'), 0xe9, ...utf8(',j@x.io\n')]))
        .error,
    ).toContain('not UTF-8 text');
  });

  it('an unclosed quote, with the line it starts on', () => {
    const r = read(
      'Full Name,Email\nAda,ada@example.com\n"Bob,bob@example.com\nCy,cy@example.com\n',
    );
    expect(r).toEqual({
      members: [],
      error:
        'The file is not valid CSV: the quoted value that starts on line 3 has no closing quote (").',
    });
  });

  it('more rows than the limit', () => {
    const rows = Array.from({ length: CSV_MAX_ROWS + 1 }, (_, i) => `P${i},p${i}@example.com`);
    const r = read(`Full Name,Email\n${rows.join('\n')}\n`);
    expect(r.members).toEqual([]);
    expect(r.error).toBe(
      'The file has 10,001 members; at most 10,000 can be added at once. Split it into smaller files.',
    );
    expect(read(`Full Name,Email\n${rows.slice(1).join('\n')}\n`).members).toHaveLength(
      CSV_MAX_ROWS,
    );
  });
});

describe('readMembersCsv: round trip (property)', () => {
  // A name as the reader returns it: no control characters, single spaces, no outer spaces.
  const nameArb = fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
    .map((s) =>
      s
        .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((s) => s.length > 0 && s.length <= 200);
  const emailArb = fc
    .emailAddress()
    .filter((e) => isValidEmail(e) && e.length <= 254 && !/[",;]/.test(e));
  const csvCell = (value: string, forceQuote: boolean) =>
    forceQuote || /[",;\r\n]/.test(value) || value !== value.trim()
      ? `"${value.replace(/"/g, '""')}"`
      : value;

  it('any list of valid members written as CSV reads back the same', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: nameArb, email: emailArb }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.infiniteStream(fc.boolean()),
        fc.constantFrom(
          'Full Name,Email',
          'fullname,email',
          'FULL_NAME,E-Mail',
          'Name,Email Address',
        ),
        fc.boolean(),
        (list, eol, bom, quoting, header, finalEol) => {
          const it = quoting[Symbol.iterator]();
          const q = () => it.next().value as boolean;
          const body = list
            .map((m) => `${csvCell(m.name, q())},${csvCell(m.email, q())}`)
            .join(eol);
          const text = `${bom ? '\uFEFF' : ''}${header}${eol}${body}${finalEol ? eol : ''}`;
          const r = readMembersCsv(new TextEncoder().encode(text));
          expect(r.error).toBeNull();
          expect(r.members).toEqual(list.map((m, i) => ({ id: String(i), ...m })));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const r = readMembersCsv(bytes);
        expect(r.error === null || typeof r.error === 'string').toBe(true);
        expect(Array.isArray(r.members)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
