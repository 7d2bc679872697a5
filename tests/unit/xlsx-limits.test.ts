import { describe, expect, it } from 'vitest';
import { FileRejected, readRows, type ByteSource } from '@/lib/prospects/parse';
import { SPREADSHEET_BUSY, spreadsheetReads, spreadsheetSlot, SpreadsheetBusy } from '@/lib/prospects/read-gate';
import { XLSX_LIMITS } from '@/lib/prospects/xlsx';
import { hostileStringsBlock, hostileWorkbook, workbookWithStrings } from '../fixtures/spreadsheets';

// What one .xlsx read may unpack (issue 47, item 2): a part's size, checked before it is inflated
// and counted as it inflates; the shared strings' characters; and one read at a time per process.
// The workbooks are built here by tests/fixtures/spreadsheets.ts (a few MB for hundreds unpacked).

/** The bytes as a stored upload would hand them out, 16 KB at a time, counting what was read. */
function countedSource(bytes: Uint8Array) {
  const counted = { read: 0 };
  const source: ByteSource = {
    size: async () => bytes.byteLength,
    chunks: async function* () {
      yield bytes;
    },
    range: async function* (start, end) {
      for (let at = start; at < end; at += 16 * 1024) {
        const chunk = bytes.subarray(at, Math.min(end, at + 16 * 1024));
        counted.read += chunk.byteLength;
        yield chunk;
      }
    },
  };
  return { source, counted };
}

async function firstRow(source: ByteSource, waitMs?: number) {
  for await (const row of readRows(source, 'xlsx', null, waitMs)) return row;
  return null;
}

describe('an .xlsx part past its size', () => {
  it("refuses shared strings stated at 400 MB (the issue's 3 MB file) before inflating any of them", async () => {
    const file = hostileWorkbook(400);
    expect(file.byteLength).toBeLessThan(4 * 1024 * 1024);
    const { source, counted } = countedSource(file);
    const refused = await firstRow(source).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(FileRejected);
    expect((refused as Error).message).toBe(
      'This spreadsheet is too large to read: its text unpacks to more than 100 MB. Please split it into smaller files, or save it as .csv, and upload that instead',
    );
    // The directory (yauzl looks for its end in the last 64 KB) and the small parts: not the shared strings' 3 MB.
    expect(counted.read).toBeLessThan(256 * 1024);
  });

  it('stops inflating a part whose directory states less than it holds, at the stated size', async () => {
    // Stated as 1 MB, within every limit; it inflates to 400 MB.
    const file = workbookWithStrings({ block: hostileStringsBlock(), times: 400, declaredSize: 1024 * 1024 });
    const { source, counted } = countedSource(file);
    await expect(firstRow(source)).rejects.toThrow('The Excel file could not be read; it may be damaged');
    // Inflating 1 MB takes about 8 KB of the part's 3.3 MB; the streams read ahead a little.
    expect(counted.read).toBeLessThan(file.byteLength / 4);
  });

  // Nearly 4 million strings take about 2 s to read; a loaded machine gets more time than the default 5 s.
  it('reads a part just within its size', { timeout: 30_000 }, async () => {
    // The shared strings at 99 MiB: read whole, and the sheet's first row is there.
    const row = await firstRow(countedSource(hostileWorkbook(99)).source);
    expect(row).toEqual({ line: 1, cells: ['First Name', 'Last Name'] });
  });
});

describe('the shared strings table', () => {
  it('is refused past 50 million characters, under the part size and the ratio guard', async () => {
    // Items of about 1,000 characters whose text deflates near 120:1: 60 MB unpacks to ~59 million characters.
    const words = hostileStringsBlock().match(/Applicant \d/g)!;
    const items: string[] = [];
    for (let i = 0; i < words.length; i += 90) items.push(`<si><t>${words.slice(i, i + 90).join(' ')}</t></si>`);
    const block = items.join('');
    const file = workbookWithStrings({ block, times: Math.ceil((60 * 1024 * 1024) / block.length) });
    expect(XLSX_LIMITS.sharedStringChars).toBe(50_000_000);
    await expect(firstRow(countedSource(file).source)).rejects.toThrow(
      'This spreadsheet is too large to read: its text holds more than 50 million characters. Please split it',
    );
  });
});

describe('one spreadsheet read at a time', () => {
  it('a second read waits for the first; one that finds the slot held past its wait answers 503 with Retry-After', async () => {
    const file = workbookWithStrings();
    const first = readRows(countedSource(file).source, 'xlsx', null, 0);
    expect((await first.next()).value).toEqual({ line: 1, cells: ['First Name', 'Last Name'] });
    expect(spreadsheetReads()).toEqual({ free: 0, waiting: 0 });

    const second = readRows(countedSource(file).source, 'xlsx', null, 60_000);
    const waited = second.next();
    const third = readRows(countedSource(file).source, 'xlsx', null, 0);
    const busy = await third.next().catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(SpreadsheetBusy);
    expect((busy as SpreadsheetBusy).toResponse().status).toBe(503);
    expect((busy as SpreadsheetBusy).toResponse().headers.get('retry-after')).toBe('10');
    expect(await (busy as SpreadsheetBusy).toResponse().json()).toEqual({ detail: SPREADSHEET_BUSY, code: 'unavailable' });
    expect(spreadsheetReads()).toEqual({ free: 0, waiting: 1 });

    // The first read ends (its reader stopped after the header): the second goes on.
    await first.return(undefined);
    expect((await waited).value).toEqual({ line: 1, cells: ['First Name', 'Last Name'] });
    await second.return(undefined);
    expect(spreadsheetReads()).toEqual({ free: 1, waiting: 0 });
  });

  it('gives the slot back when a read is refused, and a CSV read never waits for it', async () => {
    await expect(firstRow(countedSource(hostileWorkbook(400)).source)).rejects.toThrow(FileRejected);
    expect(spreadsheetReads()).toEqual({ free: 1, waiting: 0 });
    const release = await spreadsheetSlot(0);
    const csv: ByteSource = { size: async () => 12, chunks: async function* () { yield new TextEncoder().encode('First,Last\nAnn,Lee\n'); }, range: async function* () {} };
    const rows = [];
    for await (const row of readRows(csv, 'csv', 'utf-8', 0)) rows.push(row.cells);
    expect(rows).toEqual([['First', 'Last'], ['Ann', 'Lee']]);
    release();
  });
});
