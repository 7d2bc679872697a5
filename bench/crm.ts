// Budgets of the CRM issue (run with `npm run bench:crm`), on Postgres:
//   the lead write with its queued delivery (the outbox row and its job, in the lead's transaction)
//     p50 <= 2 ms: it is all the CRM adds to the chat turn that creates the lead
//   1,000 queued deliveries drain to a local receiver in <= 10 s (the in-process runner)
// Needs Postgres: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { closeDb, getDb, installDatabase, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { crmDeliveries, crmIntegrations, schools } from '../db/schema';
import '../lib/crm/lead-listener';
import { newSigningSecret } from '../lib/crm/webhook';
import { drainJobs, jobRunnerConcurrency } from '../lib/jobs/runner';
import { saveLead } from '../lib/leads/save';
import { seal } from '../lib/security/secret-box';
import { benchDatabase, percentile } from './server';
import { background } from '@/background';

process.env.AUTH_SECRET ??= 'bench-secret-0123456789abcdef0123456789';
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const WRITES = 400;
const DELIVERIES = 1000;
const results: [string, string, string, boolean | null][] = [];

// The CRM: answers 200 at once, counts what it received.
let received = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as AddressInfo).port;
process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${port}`;

const { admin, url } = await benchDatabase(adminUrl, 'lantern_bench_crm');
const handle = await openDatabase({ url });
await runMigrations(handle.db, 'postgres');
installDatabase(handle);
const db = await getDb();

async function school(name: string, crm: boolean): Promise<number> {
  const [row] = await db.insert(schools).values({ name }).returning({ id: schools.id });
  if (crm) await db.insert(crmIntegrations).values({ schoolId: row!.id, integrationName: 'Bench CRM', webhookUrl: `http://127.0.0.1:${port}/hook`, signingSecretSealed: seal(newSigningSecret(), 'crm-signing-secret') });
  return row!.id;
}

/**
 * p50 of a new lead's write (its own transaction, as the chat turn's), in a school without and a
 * school with a CRM integration, taken in turns so that both see the same machine load.
 */
async function leadWrites(): Promise<[number, number]> {
  const schoolIds = [await school('No CRM College', false), await school('CRM College', true)];
  const times: number[][] = [[], []];
  for (let i = 0; i < WRITES + 50; i++) {
    for (const k of [0, 1]) {
      const t = performance.now();
      await saveLead({ schoolId: schoolIds[k]!, sessionId: `w${k}-${i}`, source: 'chatbot_conversation', data: { first_name: 'Bench', email: `w${k}-${i}@example.com`, gpa: 3.5 }, isTest: false });
      if (i >= 50) times[k]!.push(performance.now() - t);
    }
  }
  return [percentile(times[0]!, 50), percentile(times[1]!, 50)];
}

const [plain, withCrm] = await leadWrites();
// What the CRM adds to the turn is the difference; the whole lead write is shown beside it (the
// lead write itself predates the CRM).
results.push(['lead write, no CRM integration, p50', `${plain.toFixed(2)} ms`, '', null]);
results.push(['lead write with its queued CRM delivery, p50', `${withCrm.toFixed(2)} ms`, '', null]);
results.push(['added to the chat turn by the queued delivery (outbox row + job), p50 difference', `${(withCrm - plain).toFixed(2)} ms`, '<= 2 ms', withCrm - plain <= 2]);

// Drain what was just queued first, then time 1,000 fresh ones.
await drainJobs(background, { max: 100_000 });
const drainSchool = await school('Drain College', true);
for (let i = 0; i < DELIVERIES; i++) {
  await saveLead({ schoolId: drainSchool, sessionId: `drain-${i}`, source: 'chatbot_quickinfocard', data: { first_name: 'Drain', email: `drain${i}@example.com` }, isTest: false });
}
received = 0;
// As the in-process runner drains (its lanes on Postgres).
const lanes = await jobRunnerConcurrency();
const t0 = performance.now();
await drainJobs(background, { max: 100_000, concurrency: lanes });
const seconds = (performance.now() - t0) / 1000;
const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(crmDeliveries).where(eq(crmDeliveries.schoolId, drainSchool)).groupBy(crmDeliveries.status).having(sql`${crmDeliveries.status} = 'succeeded'`)) as [{ n: number }];
results.push([`${DELIVERIES} queued deliveries drained to a local receiver, ${lanes} runner lanes (${n} delivered, ${received} received)`, `${seconds.toFixed(2)} s`, '<= 10 s', seconds <= 10 && n === DELIVERIES]);

await closeDb();
await admin.unsafe('drop database if exists lantern_bench_crm with (force)');
await admin.end();
server.close();

console.log(`\nCRM bench (Postgres; load average ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} on ${os.cpus().length} cores)`);
for (const [name, value, budget, ok] of results) console.log(`${ok === null ? '    ' : ok ? ' ok ' : 'OVER'}  ${name}: ${value}${budget ? `  (budget ${budget})` : ''}`);
process.exit(results.some(([, , , ok]) => ok === false) ? 1 : 0);
