import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { blobSource } from '@/lib/prospects/import';
import { bytesSource, estimateRows, FileRejected, readRows, type ByteSource } from '@/lib/prospects/parse';
import { PART_BYTES, saveBlob } from '@/lib/storage/blobs';

// The .xlsx reader against workbooks it did not write: a hand-made archive in the shapes other
// programs write (a first sheet not named sheet1, inline and rich-text strings, the 1904 date
// system, ISO date cells, booleans, errors, gaps between cells), and a large one stored in parts.

const rowsOf = async (source: ByteSource) => {
  const out: { line: number; cells: string[] }[] = [];
  for await (const r of readRows(source, 'xlsx', null)) out.push(r);
  return out;
};

async function handMadeWorkbook(): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.file(
    'xl/workbook.xml',
    '<?xml version="1.0"?><x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<x:workbookPr date1904="1"/><x:sheets><x:sheet name="Leads" sheetId="7" r:id="rIdLeads"/><x:sheet name="Other" sheetId="1" r:id="rIdOther"/></x:sheets></x:workbook>',
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rIdOther" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '<Relationship Id="rIdLeads" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/leads.xml"/>' +
      '<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/>' +
      '<Relationship Id="rIdT" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  );
  zip.file(
    'xl/strings.xml',
    '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>First Name</t></si><si><t>Born</t></si>' +
      '<si><r><t>Ma</t></r><r><rPr><b/></rPr><t xml:space="preserve">ría &amp; co</t></r><rPh><t>ignored</t></rPh></si></sst>',
  );
  zip.file(
    'xl/styles.xml',
    '<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>' +
      '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="4"/></cellXfs></styleSheet>',
  );
  zip.file('xl/worksheets/sheet1.xml', '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>');
  zip.file(
    'xl/worksheets/leads.xml',
    '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:E5"/><sheetData>' +
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>' +
      '<row r="3"><c r="A3" t="s"><v>2</v></c><c r="C3" s="1"><v>0</v></c><c r="D3" s="2"><v>1234.5</v></c><c r="E3" t="b"><v>1</v></c></row>' +
      '<row r="4"><c r="A4" t="inlineStr"><is><t>Zoë</t></is></c><c r="C4" t="d"><v>2008-05-17T00:00:00Z</v></c><c r="D4" t="e"><v>#DIV/0!</v></c><c r="E4"><f>SUM(D1:D3)</f></c></row>' +
      '<row r="5"><c r="A5" t="str"><f>UPPER("x")</f><v>X</v></c></row>' +
      '</sheetData></worksheet>',
  );
  return zip.generateAsync({ type: 'uint8array' });
}

describe('the .xlsx reader', () => {
  it('reads the first sheet through the relationships, with shared, rich, inline and formula strings, 1904 dates and gaps', async () => {
    const source = bytesSource(await handMadeWorkbook());
    expect(await rowsOf(source)).toEqual([
      { line: 1, cells: ['First Name', '', 'Born'] },
      // Serial 0 in the 1904 system is 1 January 1904; a number format without a date part stays a number.
      { line: 3, cells: ['María & co', '', '1904-01-01', '1234.5', 'TRUE'] },
      // An error cell is empty; a formula never computed keeps its text.
      { line: 4, cells: ['Zoë', '', '2008-05-17', '', '=SUM(D1:D3)'] },
      { line: 5, cells: ['X'] },
    ]);
    expect(await estimateRows(source, 'xlsx')).toBe(5);
  });

  it('reads a workbook stored in parts by byte ranges, as the import job does', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Big');
    ws.addRow(['First Name', 'Last Name', 'Notes']);
    // Random notes so the archive does not compress below a part.
    const noise = (i: number) => Array.from({ length: 24 }, (_, k) => ((i * 7919 + k * 104729) % 36).toString(36)).join('');
    for (let i = 1; i <= 60_000; i++) ws.addRow([`First${i}`, `Last${i}`, noise(i)]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(bytes.byteLength).toBeGreaterThan(PART_BYTES);
    const id = await saveBlob({ schoolId: null, contentType: 'application/octet-stream', filename: null, data: bytes, isPublic: false });
    const rows = await rowsOf(blobSource(id));
    expect(rows).toHaveLength(60_001);
    expect(rows[0]).toEqual({ line: 1, cells: ['First Name', 'Last Name', 'Notes'] });
    expect(rows[60_000]).toEqual({ line: 60_001, cells: ['First60000', 'Last60000', noise(60_000)] });
  });

  it('refuses an archive without a workbook, a damaged sheet and a zip that is not one', async () => {
    const noWorkbook = new JSZip();
    noWorkbook.file('word/document.xml', '<w:document/>');
    await expect(rowsOf(bytesSource(await noWorkbook.generateAsync({ type: 'uint8array' })))).rejects.toThrow('The file is not a CSV or Excel (.xlsx) file');

    const damaged = await JSZip.loadAsync(await handMadeWorkbook());
    damaged.file('xl/worksheets/leads.xml', '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>ok</t></is></c></row><row');
    await expect(rowsOf(bytesSource(await damaged.generateAsync({ type: 'uint8array' })))).rejects.toThrow(FileRejected);

    const notZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    await expect(rowsOf(bytesSource(notZip))).rejects.toThrow('The file is not a CSV or Excel (.xlsx) file');
  });
});
