import { stringify } from 'csv-stringify/sync';
import { stripBidiControls } from '@/lib/text/controls';

// What every streamed file export shares (the conversation logs and the leads):
// RFC 4180 CSV text, cells that a spreadsheet would run as a formula made inert, the dated file
// name and the download headers. No server imports.

/** UTF-8 byte order mark: Excel reads the file as UTF-8 only with it (non-Latin names stay readable). */
export const UTF8_BOM = '\uFEFF';

// A cell Excel, LibreOffice or Google Sheets would treat as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A phone number in E.164 (+ and 6 to 15 digits): a spreadsheet reads it as a number at worst, never
 * runs anything, so it leaves as typed (a leading quote would be imported into a CRM).
 */
export const E164_PHONE = /^\+\d{6,15}$/;

/**
 * A cell made safe to open: text starting with = + - @ tab or CR gets a leading single quote (an
 * E.164 phone number excepted), and bidirectional controls are dropped (a spreadsheet would show
 * `invoice\u202Egnp.exe` reversed).
 */
export function inertCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = stripBidiControls(typeof value === 'string' ? value : String(value));
  return FORMULA_START.test(text) && !E164_PHONE.test(text) ? `'${text}` : text;
}

/** CSV lines (CRLF, quoted only where needed) for these records, every cell made inert. */
export function csvRecords(records: unknown[][]): string {
  return stringify(
    records.map((r) => r.map(inertCell)),
    // CRLF records; csv-stringify then quotes only cells holding CRLF itself, so any CR or LF is named.
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}

/** A dated download name, e.g. leads-2026-11-24.csv. */
export function datedFileName(prefix: string, extension: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** Headers of a streamed attachment. */
export function attachmentHeaders(contentType: string, fileName: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${fileName}"`,
    // Streamed as written: no gzip by the server (it would cost more than the export itself) and no proxy buffering.
    'cache-control': 'no-store, no-transform',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    ...extra,
  };
}
