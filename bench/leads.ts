// Budgets of the Leads page, on Postgres with 100,000 leads in one school:
//   GET /leads/?page_size=100 with a search: p50 <= 50 ms
//   GET /leads/export?format=csv of all leads: <= 3 s, the server's resident memory rising <= 150 MB
// Needs a built app (`npm run build`) and a Postgres server (BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres);
// works in a database of its own (lantern_bench_leads), dropped at the end (BENCH_KEEP_DB=1 keeps it,
// BENCH_REUSE_DB=1 uses the one kept).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { closeDb, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { benchDatabase, percentile, requireBuild, startLantern, stopLantern } from './server';

const PORT = Number(process.env.BENCH_PORT || 3214);
const base = `http://127.0.0.1:${PORT}`;
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const LEADS = Number(process.env.BENCH_LEADS || 100_000);
const SEARCH_P50_BUDGET_MS = 50;
const EXPORT_BUDGET_S = 3;
const RSS_BUDGET_MB = 150;
const PASSWORD = 'Lantern-Harbor-2026';
const SCHOOL = 'Leads Bench College';

const results: [string, string, string, boolean | null][] = [];
const record = (r: [string, string, string, boolean | null]) => {
  results.push(r);
  const [label, value, budget, ok] = r;
  console.log(`${ok === null ? 'INFO' : ok ? 'PASS' : 'FAIL'}  ${label.padEnd(58)} ${value.padStart(18)}   ${budget ? `budget ${budget}` : ''}`);
};

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

const FIRST = 'Ava Liam Olivia Noah Emma Oliver Sophia Elijah Isabella James Mia William Amelia Benjamin Harper Lucas Evelyn Henry Abigail Alexander Emily Mason Ella Michael Elizabeth Ethan Camila Daniel Luna Jacob Sofia Logan Avery Jackson Mila Levi Aria Sebastian Scarlett Mateo Penelope Jack Layla Owen Chloe Theodore Victoria Aiden Madison Samuel Eleanor Joseph Grace John Nora David Riley Wyatt Zoey Matthew Hannah Luke Hazel Asher Lily Carter Ellie Julian Violet Grayson Lillian Leo Zoe Jayden Stella Gabriel Aurora Isaac Natalie Lincoln Emilia Anthony Everly Hudson Leah Dylan Aubrey Ezra Willow Thomas Addison Charles Lucy Christopher Audrey Jaxon Bella Maverick Nova Josiah Brooklyn Isaiah Paisley Andrew Savannah Elias Claire Joshua Skylar Nathan Isla Caleb Genesis Ryan Naomi Adrian Elena Miles Caroline Eli Eliana Nolan Anna Christian Maya Aaron Valentina Cameron Ruby Ezekiel Kennedy Colton Ivy Luca Ariana Landon Aaliyah Hunter Cora Jonathan Madelyn Santiago Alice Axel Kinsley Easton Hailey Cooper Gabriella Jeremiah Allison Angel Gianna Roman Serenity Connor Samantha Jameson Sarah Robert Autumn Greyson Quinn Jordan Eva Ian Piper Carson Sophie Jaxson Sadie Leonardo Delilah Nicholas Josephine Dominic Nevaeh Austin Adeline Everett Arya Brooks Emery Xavier Lydia Kai Clara Jose Vivian Parker Madeline Adam Peyton Jace Julia Wesley Rylee Kayden Brielle Silas Reagan'.split(' ');
const LAST = 'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras Willis Carpenter Lawrence Sandoval'.split(' ');
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'hotmail.com', 'aol.com', 'proton.me', 'school.edu'];

requireBuild();
const name = 'lantern_bench_leads';
const { admin, url, reused } = await benchDatabase(adminUrl, name, { reuse: process.env.BENCH_REUSE_DB === '1' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-leads-'));

let server: ChildProcess | null = null;
try {
  const handle = await openDatabase({ url });
  await runMigrations(handle.db, 'postgres');
  await handle.close();
  const pg = postgres(url, { max: 1, onnotice: () => {} });
  let [school] = await pg<{ id: number }[]>`select id from schools where name = ${SCHOOL}`;
  if (!reused || !school) {
    const g0 = performance.now();
    [school] = await pg<{ id: number }[]>`insert into schools (name) values (${SCHOOL}) returning id`;
    // Names, e-mails and phones as visitors give them; some leads have a preferred name, majors,
    // a parent's e-mail; three sources; created over a year.
    await pg`
      insert into leads (school_id, source, first_name, last_name, preferred_name, email, phone, phone_type, graduation_year,
        intended_major, degree_level, state_province, parent_email, session_id, opt_in_email, gpa, created_at, updated_at, last_interaction_at)
      select ${school!.id},
        (array['chatbot_conversation', 'chatbot_conversation', 'chatbot_quickinfocard', 'staff_entry'])[1 + g % 4],
        f, l, case when g % 7 = 0 then left(f, 3) end,
        lower(f) || '.' || lower(l) || (g % 1000) || '@' || (${DOMAINS}::text[])[1 + g % ${DOMAINS.length}],
        case when g % 3 <> 0 then '+1' || (200 + g % 700) || lpad(((g * 7919) % 10000000)::text, 7, '0') end,
        case when g % 3 <> 0 then (array['mobile', 'home', 'work'])[1 + g % 3] end,
        2025 + g % 5,
        case when g % 2 = 0 then jsonb_build_array((array['Nursing', 'Biology', 'Business, Finance', 'Computer Science', 'Art'])[1 + g % 5]) else '[]'::jsonb end,
        (array['bachelor', 'master', 'associate', 'certificate'])[1 + g % 4],
        (array['Oregon', 'Washington', 'California', 'Texas', 'New York', 'Ontario'])[1 + g % 6],
        case when g % 5 = 0 then 'parent.' || lower(l) || g || '@example.com' end,
        'bench-' || g, g % 2 = 0, round((2 + (g % 200) / 100.0)::numeric, 2),
        now() - (g * 315) * interval '1 second', now() - (g * 315) * interval '1 second', now() - (g * 315) * interval '1 second'
      from generate_series(1, ${LEADS}) g,
        lateral (select (${FIRST}::text[])[1 + (g * 31) % ${FIRST.length}] as f, (${LAST}::text[])[1 + (g * 17) % ${LAST.length}] as l) n`;
    await pg`vacuum analyze leads`;
    record(['generated leads', `${LEADS} in ${((performance.now() - g0) / 1000).toFixed(1)} s`, '', null]);
  }
  const n = (await pg<{ n: number }[]>`select count(*)::int as n from leads where school_id = ${school!.id}`)[0]!.n;
  record(['leads in the school', String(n), '', null]);
  await pg`delete from users where email = 'leads-bench@lantern.test'`;
  await pg.end();
  await closeDb();

  server = await startLantern(PORT, { DATABASE_URL: url, DATA_DIR: dataDir });
  const post = (p: string, body: unknown, token?: string) =>
    fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then((r) => r.json());
  await post('/auth/register', { email: 'leads-bench@lantern.test', password: PASSWORD, username: 'leadsbench', first_name: 'L', last_name: 'B' });
  const target = postgres(url, { max: 1, onnotice: () => {} });
  await target`update users set school_id = ${school!.id} where email = 'leads-bench@lantern.test'`;
  await target.end();
  const token = (await post('/auth/login', { email: 'leads-bench@lantern.test', password: PASSWORD })).access_token as string;
  const auth = { authorization: `Bearer ${token}` };

  async function timed(query: string): Promise<{ ms: number; total: number; rows: number }> {
    const t = performance.now();
    const res = await fetch(`${base}/leads/?${query}`, { headers: auth });
    const body = (await res.json()) as unknown[];
    if (!res.ok) throw new Error(`GET /leads/?${query} answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - t, total: Number(res.headers.get('x-total-count')), rows: body.length };
  }

  // Searches a person in the admissions office types: a surname, a full name, part of an
  // e-mail, a phone number as written, a first name.
  const searches = ['garcia', 'nguyen', 'olivia smith', 'liam.johnson', '@proton.me', 'hernandez', '(503) 555', 'grayson', 'patel', 'jimenez'];
  for (let i = 0; i < 3; i++) for (const s of searches) await timed(`page_size=100&search=${encodeURIComponent(s)}`);
  const searchMs: number[] = [];
  const matched: number[] = [];
  for (let round = 0; round < 10; round++) {
    for (const s of searches) {
      const r = await timed(`page_size=100&search=${encodeURIComponent(s)}`);
      searchMs.push(r.ms);
      matched.push(r.total);
    }
  }
  record(['search: leads matched per query (min / median / max)', `${Math.min(...matched)} / ${percentile(matched, 50)} / ${Math.max(...matched)}`, '', null]);
  record(['GET /leads/?page_size=100&search=… p50', `${percentile(searchMs, 50).toFixed(1)} ms`, `<= ${SEARCH_P50_BUDGET_MS} ms`, percentile(searchMs, 50) <= SEARCH_P50_BUDGET_MS]);
  record(['GET /leads/?page_size=100&search=… p95', `${percentile(searchMs, 95).toFixed(1)} ms`, '', null]);
  const plain: number[] = [];
  for (let i = 0; i < 30; i++) plain.push((await timed(`page_size=100&page=${1 + (i % 5)}`)).ms);
  record(['GET /leads/?page_size=100 (no search) p50', `${percentile(plain, 50).toFixed(1)} ms`, '', null]);
  const sorted: number[] = [];
  for (let i = 0; i < 20; i++) sorted.push((await timed(`page_size=100&sort=name&source=chatbot_quickinfocard`)).ms);
  record(['GET /leads/?page_size=100&sort=name&source=… p50', `${percentile(sorted, 50).toFixed(1)} ms`, '', null]);

  // The CSV export of every lead (warm up with a small one first).
  for (let i = 0; i < 2; i++) await (await fetch(`${base}/leads/export?format=csv&search=garcia`, { headers: auth })).text();
  await new Promise((r) => setTimeout(r, 1000));
  const pid = server.pid!;
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const t0 = performance.now();
  const res = await fetch(`${base}/leads/export?format=csv`, { headers: auth });
  if (!res.ok) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByte = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += chunk.byteLength;
    const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let at = buf.indexOf(10); at !== -1; at = buf.indexOf(10, at + 1)) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  // The generated data holds no line breaks inside cells: one line per lead plus the header.
  if (lines - 1 !== n) throw new Error(`the CSV held ${lines - 1} rows for ${n} leads`);
  record(['CSV export: leads / size / first byte', `${lines - 1} / ${(bytes / 1024 / 1024).toFixed(1)} MB / ${firstByte.toFixed(0)} ms`, '', null]);
  record(['CSV export of all leads: total time', `${seconds.toFixed(2)} s`, `<= ${EXPORT_BUDGET_S} s`, seconds <= EXPORT_BUDGET_S]);
  record(['server resident memory: before / peak', `${before.toFixed(0)} / ${peak.toFixed(0)} MB`, '', null]);
  record(['server resident memory rise during the export', `${(peak - before).toFixed(0)} MB`, `<= ${RSS_BUDGET_MB} MB`, peak - before <= RSS_BUDGET_MB]);

  const j0 = performance.now();
  const json = await fetch(`${base}/leads/export?format=json`, { headers: auth });
  let jsonBytes = 0;
  for await (const chunk of json.body as unknown as AsyncIterable<Uint8Array>) jsonBytes += chunk.byteLength;
  record(['JSON export of all leads (info)', `${((performance.now() - j0) / 1000).toFixed(2)} s, ${(jsonBytes / 1024 / 1024).toFixed(1)} MB`, '', null]);
  record(['machine load average (1 min) at the end', os.loadavg()[0]!.toFixed(2), '', null]);
} finally {
  if (server) await stopLantern(server);
  await closeDb().catch(() => {});
  if (process.env.BENCH_KEEP_DB !== '1') await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const failed = results.filter((r) => r[3] === false);
process.exit(failed.length ? 1 : 0);
