// Budgets of the prospects issue, on Postgres:
//   import 100,000 CSV rows          <= 20 s
//   import 100,000 XLSX rows         <= 40 s
//   resident memory rise per import  <= 300 MB
//   GET /api/prospects/my-school?search=… over 100,000 prospects   p50 <= 50 ms
// The app's own route handlers run in this process (no `next build` needed): the upload is a real
// multipart request to POST /api/prospects/my-school/upload, and the prospect_import job it queues
// is run by the app's job runner (drainJobs) here, so the memory measured is that of the process
// that imports. The database is its own (`lantern_bench_prospects`), dropped after.
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { closeDb, installDatabase, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { schools, users } from '../db/schema';
import { issueTokens } from '../lib/auth/tokens';
import { drainJobs } from '../lib/jobs/runner';
import { benchDatabase, percentile } from './server';
import { background } from '@/background';

process.env.AUTH_SECRET ||= 'bench-secret-0123456789abcdef0123456789';
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'lantern_bench_prospects';
const ROWS = Number(process.env.BENCH_PROSPECT_ROWS || 100_000);
const SEARCH_RUNS = 101;

const results: string[] = [];
function record(label: string, value: number, budget: number, unit: string) {
  const line = `${value <= budget ? 'PASS' : 'FAIL'}  ${label.padEnd(52)} ${`${value.toFixed(1)} ${unit}`.padStart(12)}   budget ${budget} ${unit}`;
  results.push(line);
  console.log(line);
}

const PROGRAMS = ['Nursing', 'Biology', 'Computer Science', 'History', 'Business', 'Marine Biology', 'Education', 'Art'];
const STATUSES = ['Inquiry', 'Applicant', 'Admitted', 'Deposited'];
const FIRST = ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gil', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lu', 'Mo', 'Ned', 'Oz', 'Pia'];
function row(i: number, prefix: string): string[] {
  return [`${prefix}${i}`, `${FIRST[i % FIRST.length]}${i}`, `Family${i % 997}`, `${prefix.toLowerCase()}${i}@fair.example`, `+1 555 ${String(i).padStart(7, '0')}`, STATUSES[i % 4]!, PROGRAMS[i % 8]!, '2027-09-01', `${i} Main St`, 'Springfield', 'IL', String(60000 + (i % 999)), 'USA', `Booth ${i % 40}`];
}
const HEADER = ['Student ID #', 'First_Name', 'Last Name', 'Email', 'Phone', 'Status', 'Major', 'Start Date', 'Street', 'City', 'State', 'Zip', 'Country', 'Fair Booth'];
const MAPPINGS = [
  ['Student ID #', 'external_id'], ['First_Name', 'first_name'], ['Last Name', 'last_name'], ['Email', 'email'], ['Phone', 'phone'], ['Status', 'status'], ['Major', 'anticipated_program'],
  ['Start Date', 'anticipated_start_date'], ['Street', 'address_street1'], ['City', 'address_city'], ['State', 'address_state'], ['Zip', 'address_zip'], ['Country', 'address_country'],
].map(([s, t]) => ({ source_column: s, target_field: t, is_custom: false })).concat([{ source_column: 'Fair Booth', target_field: 'Fair booth', is_custom: true }]);

async function importFile(token: string, bytes: Uint8Array, filename: string) {
  const { POST } = await import('../app/(rest)/api/prospects/my-school/upload/route');
  const { GET } = await import('../app/(rest)/api/prospects/my-school/batch/[batch_id]/route');
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  form.append('field_mappings', JSON.stringify(MAPPINGS));
  const res = await POST(new Request('http://127.0.0.1/api/prospects/my-school/upload', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }), { params: Promise.resolve({}) });
  const answer = (await res.json()) as { batch_id: string; status: string };
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  await drainJobs(background);
  const ms = performance.now() - t;
  clearInterval(sampler);
  const batch = await (await GET(new Request('http://127.0.0.1/x', { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({ batch_id: answer.batch_id }) })).json();
  if (batch.status !== 'completed' || batch.imported + batch.updated !== ROWS) throw new Error(`import ended ${JSON.stringify(batch).slice(0, 300)}`);
  return { seconds: ms / 1000, rssRiseMb: (peak - rssBefore) / 1024 / 1024 };
}

async function main() {
  const { admin, url } = await benchDatabase(adminUrl, DB);
  const handle = await openDatabase({ url });
  await runMigrations(handle.db, handle.kind);
  installDatabase(handle);
  try {
    const [school] = await handle.db.insert(schools).values({ name: 'Bench Prospects College', prospectsEnabled: true }).returning({ id: schools.id });
    await handle.db.insert(users).values({ email: 'bench-prospects@example.com', username: 'benchprospects', firstName: 'Bench', lastName: 'Admin', role: 'admin', schoolId: school!.id, passwordHash: 'x' });
    const [user] = await handle.db.select({ id: users.id, tokenVersion: users.tokenVersion }).from(users).where(eq(users.username, 'benchprospects'));
    const token = (await issueTokens(user!)).access_token;

    const csv = Buffer.from([HEADER, ...Array.from({ length: ROWS }, (_, i) => row(i, 'C'))].map((r) => r.join(',')).join('\n'));
    console.log(`CSV: ${ROWS.toLocaleString('en-US')} rows, ${(csv.byteLength / 1e6).toFixed(1)} MB`);
    const c = await importFile(token, csv, 'fair.csv');
    record(`import ${ROWS.toLocaleString('en-US')} CSV rows`, c.seconds, 20, 's');
    record('  resident memory rise during the CSV import', c.rssRiseMb, 300, 'MB');

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Fair');
    ws.addRow(HEADER);
    for (let i = 0; i < ROWS; i++) ws.addRow(row(i, 'X'));
    const xlsx = new Uint8Array(await wb.xlsx.writeBuffer());
    console.log(`XLSX: ${ROWS.toLocaleString('en-US')} rows, ${(xlsx.byteLength / 1e6).toFixed(1)} MB (written by exceljs)`);
    const x = await importFile(token, xlsx, 'fair.xlsx');
    record(`import ${ROWS.toLocaleString('en-US')} XLSX rows`, x.seconds, 40, 's');
    record('  resident memory rise during the XLSX import', x.rssRiseMb, 300, 'MB');

    // Search the first 100,000 (the CSV's prospects; the XLSX added 100,000 more).
    await handle.db.execute(sql`analyze prospects`);
    const { GET } = await import('../app/(rest)/api/prospects/my-school/route');
    const times: number[] = [];
    for (let i = 0; i < SEARCH_RUNS + 5; i++) {
      const term = i % 3 === 0 ? `${FIRST[i % FIRST.length]}${i * 7}` : i % 3 === 1 ? `family${i}` : `c${i * 13}@fair`;
      const t = performance.now();
      const res = await GET(new Request(`http://127.0.0.1/api/prospects/my-school?search=${encodeURIComponent(term)}&sort_by=last_name&sort_order=asc`, { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({}) });
      await res.text();
      if (i >= 5) times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    }
    record(`list with search over ${(2 * ROWS).toLocaleString('en-US')} prospects p50`, percentile(times, 50), 50, 'ms');
    console.log(`  p90 ${percentile(times, 90).toFixed(1)} ms`);
  } finally {
    await closeDb();
    await admin.unsafe(`drop database if exists ${DB}`);
    await admin.end();
  }
  console.log('\n' + results.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
