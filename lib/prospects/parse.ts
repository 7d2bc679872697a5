import 'server-only';
import { parse as parseCsv } from 'csv-parse';
import { requestReadWaitMs } from './read-gate';
import { MAX_COLUMNS } from './schema';
import type { ByteSource, SheetRow } from './source';
import { WorkbookUnreadable, xlsxDeclaredRows, xlsxSheetRows } from './xlsx';

export { bytesSource, type ByteSource, type SheetRow } from './source';

// Reading prospect files: CSV in any common delimiter and encoding, streamed through
// csv-parse; .xlsx read by ranges of the stored file, its first sheet streamed (xlsx.ts). The kind is judged by
// the bytes, never the name: a PDF or any other zip named .csv or .xlsx is refused.

export type FileKind = 'csv' | 'xlsx';
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The file cannot be read as a prospect list: answered as 422 at the file. */
export class FileRejected extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'FileRejected';
  }
}

export const NOT_A_SPREADSHEET = 'The file is not a CSV or Excel (.xlsx) file';
export const XLS_REFUSED = 'Old Excel 97-2003 (.xls) files cannot be read safely. Please save the sheet as .xlsx or .csv and upload that instead';
export const EMPTY_FILE = 'The file is empty';
export const NO_DATA_ROWS = 'The file has a header row but no prospects below it';

const MAX_RECORD_CHARS = 1024 * 1024;

const startsWith = (head: Uint8Array, sig: number[]) => sig.every((b, i) => head[i] === b);

/** What the first bytes say the file is. Anything not text and not an .xlsx zip is refused. */
export function detectKind(head: Uint8Array): FileKind {
  if (head.byteLength === 0) throw new FileRejected(EMPTY_FILE);
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) throw new FileRejected(XLS_REFUSED);
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return 'csv';
  // Text has no NUL bytes and few control characters; PDFs, images, archives and executables do.
  const sample = head.subarray(0, 8192);
  let control = 0;
  for (const b of sample) {
    if (b === 0) throw new FileRejected(NOT_A_SPREADSHEET);
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) control++;
  }
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46]) || control > sample.byteLength / 50) throw new FileRejected(NOT_A_SPREADSHEET);
  return 'csv';
}

/** A streaming judge of a text file's encoding: BOM first, then UTF-8 if every byte sequence is valid, else Windows-1252. */
export function encodingSniffer() {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first: Uint8Array | null = null;
  let utf8 = true;
  return {
    push(chunk: Uint8Array) {
      first ??= chunk.subarray(0, 4);
      if (!utf8) return;
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        utf8 = false;
      }
    },
    result(): CsvEncoding {
      if (first && startsWith(first, [0xff, 0xfe])) return 'utf-16le';
      if (first && startsWith(first, [0xfe, 0xff])) return 'utf-16be';
      if (utf8) {
        try {
          decoder.decode();
        } catch {
          return 'windows-1252';
        }
        return 'utf-8';
      }
      return 'windows-1252';
    },
  };
}

export async function sniffEncoding(source: ByteSource): Promise<CsvEncoding> {
  const sniffer = encodingSniffer();
  for await (const chunk of source.chunks()) sniffer.push(chunk);
  return sniffer.result();
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter of the first line (counted outside quotes): the most frequent of , ; tab |; a comma when none appears. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length && i < 65536; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

async function* decodeText(source: ByteSource, encoding: CsvEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of source.chunks()) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** CSV rows as they are parsed; each keeps the line it starts on (a quoted field may span lines). */
async function* csvRows(source: ByteSource, encoding: CsvEncoding): AsyncGenerator<SheetRow> {
  const texts = decodeText(source, encoding);
  const first = await texts.next();
  if (first.done) throw new FileRejected(EMPTY_FILE);
  const delimiter = detectDelimiter(first.value.replace(/^\uFEFF/, ''));
  const parser = parseCsv({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    record_delimiter: ['\r\n', '\n'],
    max_record_size: MAX_RECORD_CHARS,
  });
  // Waits for the parser to want more, or to be closed by a reader that stopped early.
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        parser.off('drain', done);
        parser.off('close', done);
        resolve();
      };
      parser.once('drain', done);
      parser.once('close', done);
    });
  const feed = (async () => {
    try {
      if (!parser.write(first.value)) await drained();
      for await (const text of texts) {
        if (parser.destroyed) return;
        if (!parser.write(text)) await drained();
      }
      if (!parser.destroyed) parser.end();
    } catch (err) {
      parser.destroy(err as Error);
    }
  })();
  // Line numbers are counted here (csv-parse's own count would cost a third of the parse): each
  // record takes one line, plus the line breaks inside its quoted fields.
  let next = 1;
  let endedOn = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const line = next;
      let real = 0;
      for (const cell of record) {
        if (cell.includes('\n') || cell.includes('\r')) real += cell.split(/\r\n|\r|\n/).length - 1;
      }
      next = line + 1 + real;
      endedOn = next - 1;
      if (record.length === 1 ? record[0]!.trim() === '' : record.every((c) => c.trim() === '')) continue;
      yield { line, cells: record };
    }
  } catch (err) {
    const e = err as { code?: string };
    if (e.code?.startsWith('CSV_')) {
      const at = endedOn + 1;
      const why = e.code === 'CSV_MAX_RECORD_SIZE' ? 'a row is too long' : e.code === 'CSV_QUOTE_NOT_CLOSED' ? 'a quoted field is never closed' : 'the CSV is malformed';
      throw new FileRejected(`The file could not be read near line ${at}: ${why}`, at);
    }
    throw err;
  } finally {
    parser.destroy();
    await feed.catch(() => undefined);
  }
}

export const TOO_LARGE_TO_READ = 'This spreadsheet is too large to read';

const WORKBOOK_REFUSED: Record<WorkbookUnreadable['reason'], (err: WorkbookUnreadable) => string> = {
  not_a_workbook: () => NOT_A_SPREADSHEET,
  too_large: (err) => `${TOO_LARGE_TO_READ}: ${err.detail}. Please split it into smaller files, or save it as .csv, and upload that instead`,
  damaged: () => 'The Excel file could not be read; it may be damaged. Please save it again as .xlsx or .csv',
};

async function* xlsxRows(source: ByteSource, waitMs: number): AsyncGenerator<SheetRow> {
  try {
    yield* xlsxSheetRows(source, waitMs);
  } catch (err) {
    if (err instanceof WorkbookUnreadable) throw new FileRejected(WORKBOOK_REFUSED[err.reason](err));
    throw err;
  }
}

/** About how many rows the file holds, for the progress bar: CSV line breaks, or the first sheet's declared size. */
export async function estimateRows(source: ByteSource, kind: FileKind): Promise<number | null> {
  if (kind === 'csv') {
    let lines = 0;
    let last = 0;
    for await (const chunk of source.chunks()) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (chunk.byteLength) last = chunk[chunk.byteLength - 1]!;
    }
    return lines + (last === 10 ? 0 : 1);
  }
  return xlsxDeclaredRows(source);
}

/**
 * Every non-empty row of the file, the header first. An .xlsx read first waits up to `waitMs` for
 * the process's one spreadsheet slot (read-gate.ts: a request's short wait unless said otherwise).
 */
export function readRows(source: ByteSource, kind: FileKind, encoding: CsvEncoding | null, waitMs = requestReadWaitMs()): AsyncGenerator<SheetRow> {
  return kind === 'xlsx' ? xlsxRows(source, waitMs) : csvRows(source, encoding ?? 'utf-8');
}

/**
 * The header row as column names: blanks become 'Column N', repeats get ' (2)', ' (3)'. The
 * same names are used when reading the rows, so a mapping names columns the same way.
 */
export function columnNames(cells: string[]): string[] {
  if (cells.length > MAX_COLUMNS) throw new FileRejected(`The file has ${cells.length} columns; at most ${MAX_COLUMNS} are supported`, 1);
  const seen = new Map<string, number>();
  return cells.map((raw, i) => {
    const base = raw.replace(/^\uFEFF/, '').trim().slice(0, 200) || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}
