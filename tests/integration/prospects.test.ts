import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as batchRoute from '@/app/(rest)/api/prospects/my-school/batch/[batch_id]/route';
import * as featureRoute from '@/app/(rest)/api/prospects/my-school/feature/route';
import * as oneRoute from '@/app/(rest)/api/prospects/my-school/[id]/route';
import * as parseRoute from '@/app/(rest)/api/prospects/my-school/parse-headers/route';
import * as listRoute from '@/app/(rest)/api/prospects/my-school/route';
import * as statsRoute from '@/app/(rest)/api/prospects/my-school/stats/route';
import * as uploadRoute from '@/app/(rest)/api/prospects/my-school/upload/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { getDb } from '@/db/client';
import { blobs, prospectBatches, schools } from '@/db/schema';
import { drainJobs } from '@/lib/jobs/runner';
import { suggestMappings } from '@/lib/prospects/header-match';
import { makePdf, makeZipBomb } from '../fixtures/documents';
import { call, STRONG_PASSWORD, unique } from './http';
import { staffWithSchool, type StaffSchool } from './staff';
import { background } from '@/background';

let su: string;
let a: StaffSchool;
let b: StaffSchool;

const NAMES = [
  { source_column: 'First Name', target_field: 'first_name', is_custom: false },
  { source_column: 'Last Name', target_field: 'last_name', is_custom: false },
];

async function multipart(handler: typeof uploadRoute.POST, path: string, token: string, file: Uint8Array | string, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([typeof file === 'string' ? new TextEncoder().encode(file) : new Uint8Array(file)]), filename);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await handler(new Request(`http://localhost:3000${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }), { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}

const parse = (t: string, file: Uint8Array | string, name: string) => multipart(parseRoute.POST, '/api/prospects/my-school/parse-headers', t, file, name);
const upload = (t: string, file: Uint8Array | string, name: string, mappings: unknown) =>
  multipart(uploadRoute.POST, '/api/prospects/my-school/upload', t, file, name, { field_mappings: JSON.stringify(mappings) });
const list = async (t: string, query: Record<string, string | number> = {}) => call(listRoute.GET, 'GET', '/api/prospects/my-school', { token: t, query });

async function enable(schoolId: number) {
  await (await getDb()).update(schools).set({ prospectsEnabled: true }).where(eq(schools.id, schoolId));
}

async function workbook(rows: unknown[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Fair leads');
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'pr@lantern.test', password: STRONG_PASSWORD, username: 'proot', first_name: 'P', last_name: 'R' } })).json.access_token;
  a = await staffWithSchool(su, 'pam@lantern.test', 'Pine College');
  b = await staffWithSchool(su, 'pete@lantern.test', 'Poplar College');
  await enable(a.id);
  await enable(b.id);
});

describe('the per-school switch', () => {
  it('is off by default: the API answers 403; only a superuser turns it on', async () => {
    const c = await staffWithSchool(su, unique('off') + '@lantern.test', unique('Off College '));
    expect((await call(featureRoute.GET, 'GET', '/api/prospects/my-school/feature', { token: c.token })).json).toEqual({ prospects_enabled: false });
    const denied = await list(c.token);
    expect(denied.status).toBe(403);
    expect(denied.json.detail).toBe('Manage Prospects is not turned on for this school');
    expect((await call(featureRoute.PUT, 'PUT', '/api/prospects/my-school/feature', { token: c.token, body: { prospects_enabled: true } })).status).toBe(403);
    // The superuser works in a school of their own here.
    expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token: su, body: { name: unique('Root College ') } })).status).toBe(201);
    const on = await call(featureRoute.PUT, 'PUT', '/api/prospects/my-school/feature', { token: su, body: { prospects_enabled: true } });
    expect(on.json).toEqual({ prospects_enabled: true });
    expect((await list(su)).status).toBe(200);
  });
});

describe('header matching', () => {
  it('matches the usual spellings, each field once', () => {
    const m = suggestMappings(['First_Name', 'LNAME', 'E-mail Address', 'Student ID #', 'Cell Phone', 'Zip/Postal', 'Major', 'Start Term', 'Street', 'City', 'State', 'Country', 'Status', 'Shirt Size']);
    expect(m.map((x) => x.target_field)).toEqual([
      'first_name', 'last_name', 'email', 'external_id', 'phone', 'address_zip', 'anticipated_program', 'anticipated_start_date', 'address_street1', 'address_city', 'address_state', 'address_country', 'status', '',
    ]);
    expect(suggestMappings(['FNAME', 'Surname', 'Email', 'Email 2']).map((x) => x.target_field)).toEqual(['first_name', 'last_name', 'email', '']);
  });
});

describe('parse-headers', () => {
  it('reads a semicolon CSV in Windows-1252 with a preview and a suggested mapping', async () => {
    const bytes = new Uint8Array(Buffer.from('First Name;Last Name;Email;Ciudad\r\nJosé;Peña;jose@example.com;León\r\n', 'latin1'));
    const res = await parse(a.token, bytes, 'fair.csv');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ headers: ['First Name', 'Last Name', 'Email', 'Ciudad'], file_type: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(res.json.preview).toEqual([{ 'First Name': 'José', 'Last Name': 'Peña', Email: 'jose@example.com', Ciudad: 'León' }]);
    expect(res.json.suggested_mappings[0]).toEqual({ source_column: 'First Name', target_field: 'first_name', is_custom: false });
  });

  it('reads a workbook written by exceljs, and a UTF-8 tab-separated file with a BOM', async () => {
    const xlsx = await parse(a.token, await workbook([['FNAME', 'LNAME', 'Student ID #'], ['Ann', 'Lee', 'S-1']]), 'fair.xlsx');
    expect(xlsx.json).toMatchObject({ headers: ['FNAME', 'LNAME', 'Student ID #'], file_type: 'xlsx', preview: [{ FNAME: 'Ann', LNAME: 'Lee', 'Student ID #': 'S-1' }] });
    const tsv = await parse(a.token, '\uFEFFfirst\tlast\nZoë\tÅberg\n', 'fair.csv');
    expect(tsv.json).toMatchObject({ headers: ['first', 'last'], encoding: 'utf-8', delimiter: '\t', preview: [{ first: 'Zoë', last: 'Åberg' }] });
  });

  it('refuses files that are not spreadsheets by content, empty files and header-only files', async () => {
    const cases: [Uint8Array | string, string, string][] = [
      [new Uint8Array(makePdf(["Hello"])), 'list.csv', 'The file is not a CSV or Excel (.xlsx) file'],
      [new Uint8Array(await makeZipBomb()), 'list.xlsx', ''],
      ['First,Last\n', 'list.csv', 'The file has a header row but no prospects below it'],
      [new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'old.xls', 'Old Excel 97-2003 (.xls) files cannot be read safely'],
      ['a,b\n1,2\n', 'list.txt', 'Please select a CSV or Excel file'],
    ];
    for (const [file, name, msg] of cases) {
      const res = await parse(a.token, file, name);
      expect(res.status, name).toBe(422);
      expect(res.json.detail[0].loc).toEqual(['body', 'file']);
      expect(res.json.detail[0].msg).toContain(msg);
    }
    const empty = await parse(a.token, '', 'list.csv');
    expect(empty.status).toBe(422);
  });
});

describe('upload', () => {
  it('imports good rows, names the bad ones by line, keeps custom fields, and dedups on re-import', async () => {
    const c = await staffWithSchool(su, unique('imp') + '@lantern.test', unique('Import College '));
    await enable(c.id);
    const csv = [
      'Student ID #,First_Name,Last Name,Email,Start Date,T-Shirt,Notes',
      'S-1,Ann,Lee,ann@example.com,9/1/2027,M,hello',
      'S-2,,Kim,kim@example.com,2027-09-01,L,',
      'S-3,Bo,Park,not-an-email,2027-09-01,S,',
      'S-4,Cy,Diaz,cy@example.com,31/31/2027,S,',
      '"S-5","Di, Jr.","O""Neil","di@example.com","2027-01-15","XL","two',
      'lines"',
      'S-6,Ed,Fox,ed@example.com,,=HYPERLINK("http://x"),',
    ].join('\n');
    const mappings = [
      { source_column: 'Student ID #', target_field: 'external_id', is_custom: false },
      { source_column: 'First_Name', target_field: 'first_name', is_custom: false },
      { source_column: 'Last Name', target_field: 'last_name', is_custom: false },
      { source_column: 'Email', target_field: 'email', is_custom: false },
      { source_column: 'Start Date', target_field: 'anticipated_start_date', is_custom: false },
      { source_column: 'T-Shirt', target_field: 'Shirt size', is_custom: true },
      { source_column: 'Notes', target_field: '', is_custom: false },
    ];
    const res = await upload(c.token, csv, 'fair.csv', mappings);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, status: 'completed', imported: 2, skipped: 4 });
    expect(res.json.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5, 8]);
    expect(res.json.errors[0]).toMatchObject({ column: 'First_Name', message: 'First name is required' });
    expect(res.json.errors[1]).toMatchObject({ column: 'Email', message: 'Enter a valid e-mail address' });
    expect(res.json.errors[2]).toMatchObject({ column: 'Start Date' });
    expect(res.json.errors[3].message).toContain('formula');
    const rows = (await list(c.token, { sort_by: 'external_id', sort_order: 'asc' })).json;
    expect(rows.map((r: { external_id: string }) => r.external_id)).toEqual(['S-1', 'S-5']);
    expect(rows[0]).toMatchObject({ first_name: 'Ann', anticipated_start_date: '2027-09-01', custom_fields: { 'Shirt size': 'M' } });
    expect(rows[1]).toMatchObject({ first_name: 'Di, Jr.', last_name: 'O"Neil' });

    // Re-import: same external id updates (an empty cell keeps the stored value), same e-mail updates, a new row is added.
    const again = await upload(
      c.token,
      'Student ID #,First_Name,Last Name,Email,Start Date,T-Shirt,Notes\nS-1,Annie,Lee,,,,\n,Di,ONeil,DI@example.com,,,\nS-9,Gil,Ray,gil@example.com,,,\n',
      'fair2.csv',
      mappings,
    );
    expect(again.json).toMatchObject({ success: true, imported: 1, updated: 2, skipped: 0 });
    const after = (await list(c.token, { sort_by: 'external_id', sort_order: 'asc' })).json;
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ external_id: 'S-1', first_name: 'Annie', email: 'ann@example.com', custom_fields: { 'Shirt size': 'M' } });
    expect(after[1]).toMatchObject({ external_id: 'S-5', first_name: 'Di', last_name: 'ONeil' });

    // Undo the re-import: the new prospect goes, the changed ones get their values back.
    const undo = await call(batchRoute.DELETE, 'DELETE', `/api/prospects/my-school/batch/${again.json.batch_id}`, { token: c.token, params: { batch_id: again.json.batch_id } });
    expect(undo.json).toMatchObject({ deleted: 1, restored: 2 });
    const restored = (await list(c.token, { sort_by: 'external_id', sort_order: 'asc' })).json;
    expect(restored.map((r: { first_name: string }) => r.first_name)).toEqual(['Ann', 'Di, Jr.']);
    expect((await call(batchRoute.DELETE, 'DELETE', '/x', { token: c.token, params: { batch_id: again.json.batch_id } })).status).toBe(409);
    // Undo the first import: nothing left.
    await call(batchRoute.DELETE, 'DELETE', '/x', { token: c.token, params: { batch_id: res.json.batch_id } });
    expect((await list(c.token)).json).toEqual([]);
  });

  it('imports an .xlsx written by exceljs: dates, numbers and formula results', async () => {
    const c = await staffWithSchool(su, unique('xl') + '@lantern.test', unique('Excel College '));
    await enable(c.id);
    const file = await workbook([
      ['FNAME', 'LNAME', 'Zip', 'Start', 'Total'],
      ['Ann', 'Lee', 2134, new Date(Date.UTC(2027, 8, 1)), { formula: '1+1', result: 2 }],
      ['Bo', 'Kim', 10001, '2027-01-15', 3],
    ]);
    const mappings = [
      { source_column: 'FNAME', target_field: 'first_name', is_custom: false },
      { source_column: 'LNAME', target_field: 'last_name', is_custom: false },
      { source_column: 'Zip', target_field: 'address_zip', is_custom: false },
      { source_column: 'Start', target_field: 'anticipated_start_date', is_custom: false },
      { source_column: 'Total', target_field: 'Total', is_custom: true },
    ];
    const res = await upload(c.token, file, 'fair.xlsx', mappings);
    expect(res.json).toMatchObject({ success: true, imported: 2, skipped: 0 });
    const rows = (await list(c.token, { sort_by: 'first_name', sort_order: 'asc' })).json;
    expect(rows[0]).toMatchObject({ first_name: 'Ann', address_zip: '2134', anticipated_start_date: '2027-09-01', custom_fields: { Total: '2' } });
  });

  it('refuses bad mappings and bad files with 4xx, storing nothing', async () => {
    const db = await getDb();
    const before = (await db.select().from(blobs)).length;
    const batchesBefore = (await db.select().from(prospectBatches).where(eq(prospectBatches.schoolId, a.id))).length;
    const csv = 'First Name,Last Name,Email\nAnn,Lee,ann@example.com\n';
    const noLast = await upload(a.token, csv, 'f.csv', [NAMES[0]]);
    expect(noLast.status).toBe(422);
    expect(noLast.json.detail[0].msg).toBe('Please map both First Name and Last Name fields (required)');
    const dup = await upload(a.token, csv, 'f.csv', [...NAMES, { source_column: 'Email', target_field: 'first_name', is_custom: false }]);
    expect(dup.status).toBe(422);
    expect(dup.json.detail[0].loc).toEqual(['body', 'field_mappings', 2, 'target_field']);
    const missing = await upload(a.token, csv, 'f.csv', [...NAMES, { source_column: 'Phone', target_field: 'phone', is_custom: false }]);
    expect(missing.status).toBe(422);
    expect(missing.json.detail[0]).toMatchObject({ loc: ['body', 'field_mappings'], msg: "The file has no column named 'Phone'" });
    const notJson = await multipart(uploadRoute.POST, '/u', a.token, csv, 'f.csv', { field_mappings: 'nope' });
    expect(notJson.status).toBe(422);
    const wide = await upload(a.token, `First Name,Last Name\nAnn,Lee${',x'.repeat(10_000)}\nBo,Kim\n`, 'f.csv', NAMES);
    expect(wide.json).toMatchObject({ imported: 1, skipped: 1 });
    expect(wide.json.errors[0]).toMatchObject({ line: 2, message: 'The row has 10002 columns; the header has 2' });
    const headerOnly = await upload(a.token, 'First Name,Last Name\n', 'f.csv', NAMES);
    expect(headerOnly.status).toBe(422);
    expect(headerOnly.json.detail[0]).toMatchObject({ loc: ['body', 'file'], msg: 'The file has a header row but no prospects below it' });
    const tooMany = await upload(a.token, `${Array.from({ length: 600 }, (_, i) => `c${i}`).join(',')}\n`, 'f.csv', NAMES);
    expect(tooMany.status).toBe(422);
    const big = new Uint8Array(26 * 1024 * 1024).fill(65);
    expect((await upload(a.token, big, 'big.csv', NAMES)).status).toBe(413);
    expect((await db.select().from(blobs)).length).toBe(before);
    // Only the wide file (one good row) and the header-only file (recorded as failed) made batches.
    expect((await db.select().from(prospectBatches).where(eq(prospectBatches.schoolId, a.id))).length).toBe(batchesBefore + 2);
  });

  it('imports a large file as a background job with progress, and a broken one leaves nothing', async () => {
    const c = await staffWithSchool(su, unique('big') + '@lantern.test', unique('Big College '));
    await enable(c.id);
    // Files over 64 KB go to the job here (512 KB by default).
    process.env.PROSPECT_IMPORT_INLINE_MAX_BYTES = String(64 * 1024);
    const lines = ['id,first,last,email'];
    for (let i = 0; i < 5_000; i++) lines.push(`P${i},First${i},Last${i},p${i}@example.com`);
    const res = await upload(c.token, lines.join('\n'), 'big.csv', [
      { source_column: 'id', target_field: 'external_id', is_custom: false },
      { source_column: 'first', target_field: 'first_name', is_custom: false },
      { source_column: 'last', target_field: 'last_name', is_custom: false },
      { source_column: 'email', target_field: 'email', is_custom: false },
    ]);
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ success: true, status: 'processing' });
    const [run] = await drainJobs(background);
    expect(run).toMatchObject({ outcome: 'succeeded', job: { name: 'prospect_import' } });
    const batch = await call(batchRoute.GET, 'GET', '/x', { token: c.token, params: { batch_id: res.json.batch_id } });
    expect(batch.json).toMatchObject({ status: 'completed', imported: 5_000, processed_rows: 5_000, total_rows: 5_000 });
    expect((await call(statsRoute.GET, 'GET', '/s', { token: c.token })).json).toMatchObject({ total_count: 5_000, recent_uploads: 5_000 });
    // The stored file is gone once imported.
    expect((await (await getDb()).select().from(prospectBatches).where(eq(prospectBatches.id, res.json.batch_id)))[0]!.blobId).toBeNull();

    const broken = [...lines.slice(0, 1), ...Array.from({ length: 4_000 }, (_, i) => `Q${i},F${i},L${i},q${i}@example.com`), 'Q-bad,"unclosed,x,y', 'Z1,F,L,z1@example.com', ''].join('\n');
    const res2 = await upload(c.token, broken, 'broken.csv', [
      { source_column: 'id', target_field: 'external_id', is_custom: false },
      { source_column: 'first', target_field: 'first_name', is_custom: false },
      { source_column: 'last', target_field: 'last_name', is_custom: false },
    ]);
    expect(res2.status).toBe(202);
    await drainJobs(background);
    const b2 = await call(batchRoute.GET, 'GET', '/x', { token: c.token, params: { batch_id: res2.json.batch_id } });
    expect(b2.json).toMatchObject({ status: 'failed', imported: 0 });
    expect(b2.json.message).toMatch(/near line \d+: a quoted field is never closed/);
    expect((await call(statsRoute.GET, 'GET', '/s', { token: c.token })).json.total_count).toBe(5_000);
    delete process.env.PROSPECT_IMPORT_INLINE_MAX_BYTES;
  }, 180_000);
});

describe('list, stats, CRUD and tenancy', () => {
  it('searches, filters, sorts and pages; creates, edits and deletes by hand; 409 on a taken e-mail', async () => {
    const c = await staffWithSchool(su, unique('crud') + '@lantern.test', unique('Crud College '));
    await enable(c.id);
    const rows = ['First Name,Last Name,Email,Status,Program'];
    for (let i = 0; i < 60; i++) rows.push(`Name${i},Family${i % 7},n${i}@ex.org,${i % 2 ? 'Inquiry' : 'Applicant'},${i % 3 ? 'Nursing' : 'Biology'}`);
    await upload(c.token, rows.join('\n'), 'x.csv', [...NAMES, { source_column: 'Email', target_field: 'email', is_custom: false }, { source_column: 'Status', target_field: 'status', is_custom: false }, { source_column: 'Program', target_field: 'anticipated_program', is_custom: false }]);
    expect((await list(c.token)).json).toHaveLength(50);
    expect((await list(c.token, { page: 2 })).json).toHaveLength(10);
    expect((await list(c.token, { search: 'name1' })).json).toHaveLength(11);
    expect((await list(c.token, { search: 'n5@ex' })).json.map((r: { email: string }) => r.email)).toEqual(['n5@ex.org']);
    expect((await list(c.token, { status: 'Inquiry', program: 'Biology' })).json).toHaveLength(10);
    const sorted = (await list(c.token, { sort_by: 'last_name', sort_order: 'desc', per_page: 5 })).json;
    expect(sorted[0].last_name).toBe('Family6');
    expect((await list(c.token, { sort_by: 'bogus' })).status).toBe(422);
    const stats = (await call(statsRoute.GET, 'GET', '/s', { token: c.token })).json;
    expect(stats).toMatchObject({ total_count: 60, recent_uploads: 60, status_breakdown: { Inquiry: 30, Applicant: 30 }, program_breakdown: { Nursing: 40, Biology: 20 } });

    const made = await call(listRoute.POST, 'POST', '/p', { token: c.token, body: { first_name: 'Hand', last_name: 'Made', email: 'hand@ex.org', anticipated_start_date: '2027-09-01', custom_fields: { Source: 'Phone call' } } });
    expect(made.status).toBe(201);
    expect((await call(listRoute.POST, 'POST', '/p', { token: c.token, body: { first_name: 'X', last_name: 'Y', email: 'HAND@ex.org' } })).status).toBe(409);
    expect((await call(listRoute.POST, 'POST', '/p', { token: c.token, body: { first_name: '', last_name: 'Y' } })).json.detail[0]).toMatchObject({ loc: ['body', 'first_name'], msg: 'First name is required' });
    const id = String(made.json.id);
    const edited = await call(oneRoute.PUT, 'PUT', '/p', { token: c.token, params: { id }, body: { status: 'Admitted' } });
    expect(edited.json).toMatchObject({ status: 'Admitted', first_name: 'Hand' });
    // Another school sees none of it.
    for (const [h, m, body] of [[oneRoute.GET, 'GET', undefined], [oneRoute.PUT, 'PUT', { status: 'x' }], [oneRoute.DELETE, 'DELETE', undefined]] as const) {
      expect((await call(h, m, '/p', { token: b.token, params: { id }, body })).status).toBe(404);
    }
    expect((await list(b.token, { search: 'hand' })).json).toEqual([]);
    const batchId = (await (await getDb()).select().from(prospectBatches).where(eq(prospectBatches.schoolId, c.id)))[0]!.id;
    expect((await call(batchRoute.GET, 'GET', '/x', { token: b.token, params: { batch_id: batchId } })).status).toBe(404);
    expect((await call(batchRoute.DELETE, 'DELETE', '/x', { token: b.token, params: { batch_id: batchId } })).status).toBe(404);
    expect((await call(oneRoute.DELETE, 'DELETE', '/p', { token: c.token, params: { id } })).json).toEqual({ message: 'Prospect deleted successfully' });
    expect((await call(oneRoute.GET, 'GET', '/p', { token: c.token, params: { id } })).status).toBe(404);
  });
});
