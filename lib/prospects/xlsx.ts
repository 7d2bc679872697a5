import 'server-only';
import { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import { spreadsheetSlot } from './read-gate';
import type { ByteSource, SheetRow } from './source';

// The first sheet of an .xlsx, row by row, read from the stored upload by byte ranges: yauzl reads
// the archive's directory at its end and inflates one member at a time, saxes parses the XML as it
// comes. In memory at once: the shared strings table and one row, never the whole file. What one
// read may unpack is bounded (XLSX_LIMITS), and one read runs at a time in a process (read-gate.ts).

export class WorkbookUnreadable extends Error {
  constructor(
    readonly reason: 'not_a_workbook' | 'too_large' | 'damaged',
    /** For too_large: what passed its limit, said to the school ("its text unpacks to more than 100 MB"). */
    readonly detail = 'it unpacks to too much data to be a real spreadsheet',
  ) {
    super(reason === 'too_large' ? detail : reason);
    this.name = 'WorkbookUnreadable';
  }
}

const MB = 1024 * 1024;

/**
 * What one read may unpack. A file past a limit is refused (422) as soon as it passes it: a part's
 * stated size is checked before it is inflated, and its inflated bytes are counted as they come.
 */
export const XLSX_LIMITS = {
  /** Any part read whole (the shared strings, styles, the workbook): 100 MB, as a document's archive (lib/knowledge). */
  partBytes: 100 * MB,
  /**
   * The sheet streams row by row and is never held, so it may be larger: 256 MB holds MAX_ROWS
   * (200,000) rows of about 30 columns; bench/prospects.ts's 200,000 rows of 14 columns unpack to 109 MB.
   */
  sheetBytes: 256 * MB,
  /**
   * The shared strings' text, kept for the whole read: 50 million characters, 250 of distinct text
   * for each of MAX_ROWS rows (the bench's list at 200,000 rows holds 12 million). Far above any prospect
   * list a 25 MB upload holds; below what costs the process more than a few hundred megabytes.
   */
  sharedStringChars: 50_000_000,
  /** Cell formats kept from styles.xml: Excel allows 64,000 and about 250 custom number formats. */
  cellStyles: 65_536,
  numberFormats: 1_000,
};

const MAX_ZIP_ENTRIES = 2000;
const MAX_UNCOMPRESSED = 1024 * MB;
const MAX_RATIO = 200;

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** yauzl reads the source through this: each range it asks for is a stream of the stored bytes. */
class SourceReader extends yauzl.RandomAccessReader {
  constructor(private readonly source: ByteSource) {
    super();
  }
  _readStreamForRange(start: number, end: number): Readable {
    return Readable.from(this.source.range(start, end));
  }
}

type Workbook = { zip: yauzl.ZipFile; entries: Map<string, yauzl.Entry> };

/** The archive's directory: refused unless it holds a workbook and unpacks to a sane size (no zip bomb). */
async function openWorkbook(source: ByteSource): Promise<Workbook> {
  let zip: yauzl.ZipFile;
  try {
    // Inflated sizes are checked here, against the stated size and the part's limit (parseMemberSteps).
    zip = await yauzl.fromRandomAccessReaderPromise(new SourceReader(source), await source.size(), { lazyEntries: true, autoClose: false, validateEntrySizes: false });
  } catch {
    throw new WorkbookUnreadable('not_a_workbook');
  }
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  try {
    for await (const e of zip.eachEntry()) {
      total += e.uncompressedSize;
      const ratio = e.compressedSize > 0 ? e.uncompressedSize / e.compressedSize : 0;
      if (entries.size >= MAX_ZIP_ENTRIES || total > MAX_UNCOMPRESSED || (e.uncompressedSize > 10 * MB && ratio > MAX_RATIO)) {
        zip.close();
        throw new WorkbookUnreadable('too_large');
      }
      entries.set(e.fileName, e);
    }
  } catch (err) {
    if (err instanceof WorkbookUnreadable) throw err;
    throw new WorkbookUnreadable('not_a_workbook');
  }
  if (!entries.has('xl/workbook.xml')) {
    zip.close();
    throw new WorkbookUnreadable('not_a_workbook');
  }
  return { zip, entries };
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

type Handlers = { open?: (tag: SaxesTagPlain, local: string) => void; close?: (local: string) => void; text?: (text: string) => void };

/** A part's limit and how the refusal names it ("its text", "its first sheet"). */
type Cap = { bytes: number; what: string };
const PART: Cap = { bytes: XLSX_LIMITS.partBytes, what: 'one of its parts' };

/** Parses one member of the archive as it inflates, handing each element to `on`. */
async function parseMember(wb: Workbook, name: string, on: Handlers, cap: Cap = PART): Promise<void> {
  const steps = parseMemberSteps(wb, name, on, cap);
  while (!(await steps.next()).done);
}

/**
 * The same, pausing after each inflated chunk so a caller can hand on what it parsed so far. A part
 * stated larger than its cap is refused before it is inflated; the inflated bytes are counted as they
 * come, and inflating stops at the first chunk past the stated size (a directory can lie), so no
 * part ever inflates past its cap.
 */
async function* parseMemberSteps(wb: Workbook, name: string, on: Handlers, cap: Cap = PART): AsyncGenerator<void> {
  const entry = wb.entries.get(name);
  if (!entry) return;
  const tooLarge = () => new WorkbookUnreadable('too_large', `${cap.what} unpacks to more than ${mb(cap.bytes)}`);
  if (entry.uncompressedSize > cap.bytes) throw tooLarge();
  const parser = new SaxesParser();
  if (on.open) parser.on('opentag', (tag) => on.open!(tag as SaxesTagPlain, localName(tag.name)));
  if (on.close) parser.on('closetag', (tag) => on.close!(localName(tag.name)));
  if (on.text) parser.on('text', on.text);
  let stream: Readable;
  try {
    stream = await wb.zip.openReadStreamPromise(entry);
  } catch {
    throw new WorkbookUnreadable('damaged');
  }
  const decoder = new TextDecoder('utf-8');
  let inflated = 0;
  try {
    for await (const chunk of stream) {
      inflated += (chunk as Buffer).length;
      if (inflated > entry.uncompressedSize) throw new WorkbookUnreadable('damaged');
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      yield;
    }
    if (inflated !== entry.uncompressedSize) throw new WorkbookUnreadable('damaged');
    parser.write(decoder.decode()).close();
    yield;
  } catch (err) {
    if (err instanceof WorkbookUnreadable) throw err;
    throw new WorkbookUnreadable('damaged');
  } finally {
    // Also when the caller stops early (the header alone, the declared size).
    stream.destroy();
  }
}

/** The path of the first sheet (workbook.xml's first <sheet>, through the workbook's relationships), whether dates count from 1904, and the shared strings' path. */
async function workbookParts(wb: Workbook): Promise<{ sheet: string; sharedStrings: string | null; date1904: boolean }> {
  let firstSheetRel: string | null = null;
  let date1904 = false;
  await parseMember(wb, 'xl/workbook.xml', {
    open: (tag, local) => {
      if (local === 'sheet' && firstSheetRel === null) firstSheetRel = String(Object.entries(tag.attributes).find(([k]) => localName(k) === 'id' && k.includes(':'))?.[1] ?? '');
      if (local === 'workbookPr') date1904 = ['1', 'true'].includes(String(tag.attributes.date1904 ?? ''));
    },
  });
  // Only the two targets needed are kept, however many relationships the part lists.
  let sheet: string | null = null;
  let sharedStrings: string | null = null;
  await parseMember(wb, 'xl/_rels/workbook.xml.rels', {
    open: (tag, local) => {
      if (local !== 'Relationship') return;
      const target = String(tag.attributes.Target ?? '');
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      if (firstSheetRel && sheet === null && String(tag.attributes.Id ?? '') === firstSheetRel) sheet = path;
      if (sharedStrings === null && String(tag.attributes.Type ?? '').endsWith('/sharedStrings')) sharedStrings = path;
    },
  });
  sheet ||= 'xl/worksheets/sheet1.xml';
  return { sheet, sharedStrings: sharedStrings ?? (wb.entries.has('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : null), date1904 };
}

const TEXT: Cap = { bytes: XLSX_LIMITS.partBytes, what: 'its text' };
const SHEET: Cap = { bytes: XLSX_LIMITS.sheetBytes, what: 'its first sheet' };

/**
 * Every <si> of the shared strings table as its plain text (rich-text runs joined, phonetic guides
 * left out). The table is kept for the whole read, so its characters are counted as they are kept.
 */
async function readSharedStrings(wb: Workbook, path: string | null): Promise<string[]> {
  const strings: string[] = [];
  if (!path) return strings;
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  let chars = 0;
  await parseMember(wb, path, {
    open: (_, local) => {
      if (local === 'si') current = [];
      else if (local === 't') inText = true;
      else if (local === 'rPh') phonetic++;
    },
    text: (t) => {
      if (!current || !inText || phonetic) return;
      chars += t.length;
      if (chars > XLSX_LIMITS.sharedStringChars) {
        throw new WorkbookUnreadable('too_large', `its text holds more than ${(XLSX_LIMITS.sharedStringChars / 1e6).toLocaleString('en-US')} million characters`);
      }
      current.push(t);
    },
    close: (local) => {
      if (local === 't') inText = false;
      else if (local === 'rPh') phonetic--;
      else if (local === 'si' && current) {
        strings.push(current.join(''));
        current = null;
      }
    },
  }, TEXT);
  return strings;
}

// Built-in number formats that show a date or a time (ECMA-376 §18.8.30, and the East Asian ones).
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A custom format shows a date when it has a date or time part outside quotes, brackets and escapes. */
const isDateFormat = (code: string) => /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, ''));

/** For each cell style (the `s` of a cell), whether it shows its number as a date. */
async function readDateStyles(wb: Workbook): Promise<boolean[]> {
  const custom = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await parseMember(wb, 'xl/styles.xml', {
    open: (tag, local) => {
      // Formats past Excel's own limits are not kept: their cells read as plain numbers.
      if (local === 'numFmt' && custom.size < XLSX_LIMITS.numberFormats) custom.set(Number(tag.attributes.numFmtId), String(tag.attributes.formatCode ?? '').slice(0, 255));
      else if (local === 'cellXfs') inCellXfs = true;
      else if (local === 'xf' && inCellXfs && styles.length < XLSX_LIMITS.cellStyles) {
        const id = Number(tag.attributes.numFmtId ?? 0);
        styles.push(DATE_FORMAT_IDS.has(id) || (custom.has(id) && isDateFormat(custom.get(id)!)));
      }
    },
    close: (local) => {
      if (local === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

const numberText = (v: number) => (Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(15))));

/** A date as an ISO date, or date and time when it has a time of day. */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** A serial day number as a UTC date (Excel's 1900 system counts 1900 as a leap year; the 1904 system starts four years later). */
const serialDate = (serial: number, date1904: boolean) => new Date(Math.round((serial + (date1904 ? 1462 : 0) - 25569) * 86400_000));

/** Column letters of a cell reference ("AB12") as a 0-based index. */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

/**
 * The first sheet's non-empty rows, in order; `line` is the sheet's own row number. The read waits
 * up to `waitMs` for this process's one spreadsheet slot (read-gate.ts) and holds it to the end.
 */
export async function* xlsxSheetRows(source: ByteSource, waitMs: number): AsyncGenerator<SheetRow> {
  const release = await spreadsheetSlot(waitMs);
  let wb: Workbook;
  try {
    wb = await openWorkbook(source);
  } catch (err) {
    release();
    throw err;
  }
  try {
    const { sheet, sharedStrings, date1904 } = await workbookParts(wb);
    const strings = await readSharedStrings(wb, sharedStrings);
    const dateStyles = await readDateStyles(wb);
    const ready: SheetRow[] = [];
    let row: { line: number; cells: string[] } | null = null;
    let nextLine = 1;
    let cell: { col: number; type: string; style: number; value: string; formula: string; inline: string } | null = null;
    let field: 'v' | 'f' | 't' | null = null;
    const text = (v: string) => {
      if (!cell || !field) return;
      if (field === 'v') cell.value += v;
      else if (field === 'f') cell.formula += v;
      else cell.inline += v;
    };
    const cellValue = (c: NonNullable<typeof cell>): string => {
      if (c.type === 'inlineStr') return c.inline;
      if (c.value === '') return c.formula ? `=${c.formula}` : '';
      switch (c.type) {
        case 's':
          return strings[Number(c.value)] ?? '';
        case 'str':
          return c.value;
        case 'b':
          return c.value === '1' ? 'TRUE' : 'FALSE';
        case 'e':
          return '';
        case 'd':
          return dateText(new Date(c.value));
        default: {
          const n = Number(c.value);
          if (!Number.isFinite(n)) return c.value;
          return dateStyles[c.style] ? dateText(serialDate(n, date1904)) : numberText(n);
        }
      }
    };
    const steps = parseMemberSteps(wb, sheet, {
      open: (tag, local) => {
        if (local === 'row') {
          const r = Number(tag.attributes.r);
          row = { line: Number.isInteger(r) && r > 0 ? r : nextLine, cells: [] };
          nextLine = row.line + 1;
        } else if (local === 'c' && row) {
          const ref = String(tag.attributes.r ?? '');
          cell = { col: ref ? columnOf(ref) : row.cells.length, type: String(tag.attributes.t ?? 'n'), style: Number(tag.attributes.s ?? 0), value: '', formula: '', inline: '' };
        } else if (cell && (local === 'v' || local === 'f' || local === 't')) field = local;
      },
      text,
      close: (local) => {
        if (local === 'v' || local === 'f' || local === 't') field = null;
        else if (local === 'c' && cell && row) {
          if (cell.col >= 0 && cell.col < 16384) {
            const value = cellValue(cell);
            while (row.cells.length < cell.col) row.cells.push('');
            row.cells[cell.col] = value;
          }
          cell = null;
        } else if (local === 'row' && row) {
          if (row.cells.some((c) => c.trim() !== '')) ready.push(row);
          row = null;
        }
      },
    }, SHEET);
    try {
      while (!(await steps.next()).done) {
        while (ready.length) yield ready.shift()!;
      }
    } finally {
      // The caller may stop early (the header alone): the member's stream closes with the generator.
      await steps.return(undefined);
    }
  } finally {
    wb.zip.close();
    release();
  }
}

/** About how many rows the first sheet holds (its declared dimension), for the progress bar; null when it does not say. */
export async function xlsxDeclaredRows(source: ByteSource): Promise<number | null> {
  const wb = await openWorkbook(source).catch(() => null);
  if (!wb) return null;
  try {
    const { sheet } = await workbookParts(wb);
    let rows: number | null = null;
    let done = false;
    const steps = parseMemberSteps(wb, sheet, {
      open: (tag, local) => {
        if (local === 'dimension') {
          const m = /:[A-Z]+(\d+)$/.exec(String(tag.attributes.ref ?? ''));
          rows = m ? Number(m[1]) : null;
          done = true;
        } else if (local === 'sheetData') done = true;
      },
    }, SHEET);
    while (!done && !(await steps.next()).done);
    await steps.return(undefined);
    return rows;
  } catch {
    return null;
  } finally {
    wb.zip.close();
  }
}
