import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { acceptsFile, formatFileSize } from './accept-file';

describe('acceptsFile', () => {
  it('accepts .csv names whatever their case or MIME type', () => {
    expect(acceptsFile({ name: 'members.csv', type: 'text/csv' }, '.csv')).toBe(true);
    expect(acceptsFile({ name: 'MEMBERS.CSV', type: '' }, '.csv')).toBe(true);
    expect(acceptsFile({ name: 'export.Csv', type: 'application/vnd.ms-excel' }, '.csv')).toBe(
      true,
    );
  });

  it('refuses other extensions, even with a text/csv MIME type, and a bare ".csv"', () => {
    expect(acceptsFile({ name: 'members.txt', type: 'text/plain' }, '.csv')).toBe(false);
    expect(acceptsFile({ name: 'members.txt', type: 'text/csv' }, '.csv')).toBe(false);
    expect(acceptsFile({ name: 'members.csv.exe', type: '' }, '.csv')).toBe(false);
    expect(acceptsFile({ name: '.csv', type: '' }, '.csv')).toBe(false);
  });

  it('matches MIME tokens and wildcards when the list has them', () => {
    expect(acceptsFile({ name: 'a.bin', type: 'text/csv' }, '.csv, text/csv')).toBe(true);
    expect(acceptsFile({ name: 'a.bin', type: 'image/png' }, 'image/*')).toBe(true);
    expect(acceptsFile({ name: 'a.png', type: 'text/plain' }, 'image/*')).toBe(false);
  });

  it('accepts anything with an empty list', () => {
    expect(acceptsFile({ name: 'x', type: '' }, '')).toBe(true);
    expect(acceptsFile({ name: 'x', type: '' }, ' , ')).toBe(true);
  });

  it('decides .csv by the name alone (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.constantFrom('csv', 'CSV', 'cSv', 'txt', 'xlsx', 'csvx', ''),
        fc.string(),
        (stem, ext, type) => {
          const name = ext ? `${stem}.${ext}` : stem;
          const expected = name.toLowerCase().endsWith('.csv') && name.length > 4;
          expect(acceptsFile({ name, type }, '.csv')).toBe(expected);
        },
      ),
    );
  });
});

describe('formatFileSize', () => {
  it('formats bytes, kilobytes and megabytes', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(20 * 1024)).toBe('20 KB');
    expect(formatFileSize(2.25 * 1024 * 1024)).toBe('2.3 MB');
  });

  it('returns an empty text for nonsense', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });

  it('always names a unit for valid sizes (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 50 }), (bytes) => {
        expect(formatFileSize(bytes)).toMatch(/^\d+(\.\d)? (B|KB|MB|GB|TB)$/);
      }),
    );
  });
});
