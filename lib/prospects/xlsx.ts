import 'server-only';
import { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import type { ByteSource, SheetRow } from './source';

// The first sheet of an .xlsx, row by row, read from the stored upload by byte ranges: yauzl reads
// the archive's directory at its end and inflates one member at a time, saxes parses the XML as it
// comes. In memory at once: the shared strings table and one row, never the whole file.

export class WorkbookUnreadable extends Error {
  constructor(readonly reason: 'not_a_workbook' | 'too_large' | 'damaged') {
    super(reason);
    this.name = 'WorkbookUnreadable';
  }
}

const MAX_ZIP_ENTRIES = 2000;
const MAX_UNCOMPRESSED = 1024 * 1024 * 1024;
const MAX_RATIO = 200;

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
    zip = await yauzl.fromRandomAccessReaderPromise(new SourceReader(source), await source.size(), { lazyEntries: true, autoClose: false });
  } catch {
    throw new WorkbookUnreadable('not_a_workbook');
  }
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  try {
    for await (const e of zip.eachEntry()) {
      total += e.uncompressedSize;
      const ratio = e.compressedSize > 0 ? e.uncompressedSize / e.compressedSize : 0;
      if (entries.size >= MAX_ZIP_ENTRIES || total > MAX_UNCOMPRESSED || (e.uncompressedSize > 10 * 1024 * 1024 && ratio > MAX_RATIO)) {
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

/** Parses one member of the archive as it inflates, handing each element to `on`. */
async function parseMember(wb: Workbook, name: string, on: Handlers): Promise<void> {
  const steps = parseMemberSteps(wb, name, on);
  while (!(await steps.next()).done);
}

/** The same, pausing after each inflated chunk so a caller can hand on what it parsed so far. */
async function* parseMemberSteps(wb: Workbook, name: string, on: Handlers): AsyncGenerator<void> {
  const entry = wb.entries.get(name);
  if (!entry) return;
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
  try {
    for await (const chunk of stream) {
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      yield;
    }
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
  const targets = new Map<string, string>();
  let sharedStrings: string | null = null;
  await parseMember(wb, 'xl/_rels/workbook.xml.rels', {
    open: (tag, local) => {
      if (local !== 'Relationship') return;
      const target = String(tag.attributes.Target ?? '');
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      targets.set(String(tag.attributes.Id ?? ''), path);
      if (String(tag.attributes.Type ?? '').endsWith('/sharedStrings')) sharedStrings = path;
    },
  });
  const sheet = (firstSheetRel && targets.get(firstSheetRel)) || 'xl/worksheets/sheet1.xml';
  return { sheet, sharedStrings: sharedStrings ?? (wb.entries.has('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : null), date1904 };
}

/** Every <si> of the shared strings table as its plain text (rich-text runs joined, phonetic guides left out). */
async function readSharedStrings(wb: Workbook, path: string | null): Promise<string[]> {
  const strings: string[] = [];
  if (!path) return strings;
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  await parseMember(wb, path, {
    open: (_, local) => {
      if (local === 'si') current = [];
      else if (local === 't') inText = true;
      else if (local === 'rPh') phonetic++;
    },
    text: (t) => {
      if (current && inText && !phonetic) current.push(t);
    },
    close: (local) => {
      if (local === 't') inText = false;
      else if (local === 'rPh') phonetic--;
      else if (local === 'si' && current) {
        strings.push(current.join(''));
        current = null;
      }
    },
  });
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
      if (local === 'numFmt') custom.set(Number(tag.attributes.numFmtId), String(tag.attributes.formatCode ?? ''));
      else if (local === 'cellXfs') inCellXfs = true;
      else if (local === 'xf' && inCellXfs) {
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

/** The first sheet's non-empty rows, in order; `line` is the sheet's own row number. */
export async function* xlsxSheetRows(source: ByteSource): AsyncGenerator<SheetRow> {
  const wb = await openWorkbook(source);
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
    });
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
    });
    while (!done && !(await steps.next()).done);
    await steps.return(undefined);
    return rows;
  } catch {
    return null;
  } finally {
    wb.zip.close();
  }
}
