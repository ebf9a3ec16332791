import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, streamCsv, streamJsonLines } from './csv-export';

describe('csvCell', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
  ])('neutralises a formula start: %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('leaves plain text, numbers and empty values alone', () => {
    expect(csvCell('Jane Doe')).toBe('Jane Doe');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(new Date('2026-11-24T06:00:00Z'))).toBe('2026-11-24T06:00:00.000Z');
  });

  it('ends a row with CRLF', () => {
    expect(csvRow(['a', 'b,c', '=1'])).toBe(`a,"b,c",'=1\r\n`);
  });
});

async function* rows<T>(items: T[]): AsyncIterable<T> {
  for (const item of items) yield item;
}

describe('streaming', () => {
  it('streams a CSV download with a BOM, the header and every row', async () => {
    const app = new Hono();
    app.get('/x', (c) =>
      streamCsv(
        c,
        'devices 2026.csv',
        ['Member', 'Code'],
        rows([
          ['=evil', 'A1'],
          ['Jo', 'B2'],
        ]),
      ),
    );
    const res = await app.request('/x');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="devices_2026.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The byte-order mark (EF BB BF) is there; TextDecoder drops it, as spreadsheet programs do.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe("Member,Code\r\n'=evil,A1\r\nJo,B2\r\n");
  });

  it('streams JSON lines', async () => {
    const app = new Hono();
    app.get('/x', (c) => streamJsonLines(c, 'a.jsonl', rows([{ a: 1 }, { b: '=x' }])));
    const res = await app.request('/x');
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(await res.text()).toBe('{"a":1}\n{"b":"=x"}\n');
  });
});
