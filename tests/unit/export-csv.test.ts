import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { attachmentHeaders, csvRecords, datedFileName, inertCell } from '@/lib/export/csv';

// The shared CSV rules of the file exports (issues 18 and 20).
describe('lib/export/csv', () => {
  it('makes formula-like cells inert and leaves the rest as they are', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', 'plain', '', 'a=b', '3'].map(inertCell)).toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", "'\rx", 'plain', '', 'a=b', '3']);
    expect([null, undefined, 42, true].map(inertCell)).toEqual(['', '', '42', 'true']);
  });

  it('leaves a phone number in E.164 as typed; anything more after a + stays inert (issue 48 item 10)', () => {
    expect(['+16145550199', '+447700900123', '+123456'].map(inertCell)).toEqual(['+16145550199', '+447700900123', '+123456']);
    const inert = ['+SUM(1)', '+1+1', '+16145550199+1', '+16145550199\n', '+1 614 555 0199', '+12345', '+1234567890123456', '=16145550199', '-16145550199', '@16145550199'];
    expect(inert.map(inertCell)).toEqual(inert.map((t) => `'${t}`));
  });

  it('drops bidirectional controls, so a spreadsheet shows a cell as it was typed', () => {
    expect(inertCell('invoice\u202Egnp.exe')).toBe('invoicegnp.exe');
    expect(inertCell('\u2066=HYPERLINK("x")\u2069')).toBe('\'=HYPERLINK("x")');
    expect(parse(csvRecords([['Eve\u202Blyn\u200F', 'שלום']]))).toEqual([['Evelyn', 'שלום']]);
  });

  it('writes RFC 4180 records a parser reads back', () => {
    const records = [
      ['a,b', 'say "hi"', 'line\nbreak', 'Zoë 李'],
      ['=cmd()', null, 7, ''],
    ];
    const text = csvRecords(records);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parse(text)).toEqual([
      ['a,b', 'say "hi"', 'line\nbreak', 'Zoë 李'],
      ["'=cmd()", '', '7', ''],
    ]);
  });

  it('names files by date and sends download headers', () => {
    expect(datedFileName('leads', 'csv', new Date('2026-11-24T23:00:00Z'))).toBe('leads-2026-11-24.csv');
    expect(attachmentHeaders('text/csv', 'x.csv', { 'x-a': '1' })).toMatchObject({ 'content-disposition': 'attachment; filename="x.csv"', 'cache-control': 'no-store, no-transform', 'x-a': '1' });
  });
});
