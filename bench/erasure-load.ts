// Budget of erasure under load: chat throughput while 1,000 people are erased stays within the noise
// of chat throughput without them (the ratio, budget >= 0.85: rounds of the same build differ by
// 5-15 % on this machine). On the built app over Postgres (BENCH_PG_URL or TEST_DATABASE_URL, else
// 127.0.0.1:5432), in a database of its own (lantern_bench_erasure_load, dropped at the end): the
// chat benchmarks' school (2,000 passages) with 1,000 visitors of 20 messages each; chat measured with
// autocannon (16 connections, 10 s) before, then while the server's own job runner erases all 1,000.
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { closeDb, installDatabase, openDatabase, resultRows } from '../db/client';
import { runMigrations } from '../db/migrate';
import { privacyErasures } from '../db/schema';
import { enqueue } from '../lib/jobs/enqueue';
import { erasureJob } from '../lib/privacy/erasure';
import { seedChatSchool } from './chat-seed';
import { QUESTIONS } from './knowledge-data';
import { benchDatabase, requireBuild, startLantern, stopLantern } from './server';

const PORT = 3214;
const PEOPLE = Number(process.env.BENCH_ERASURE_PEOPLE || 1000);
const BUDGET_RATIO = 0.85;
const adminUrl = process.env.BENCH_PG_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

let counter = 0;
const chat = (key: string) =>
  autocannon({
    url: `http://127.0.0.1:${PORT}/api/widget/chat`,
    connections: 16,
    duration: 10,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          counter++;
          return { ...req, headers: { 'content-type': 'application/json', 'x-api-key': key, 'x-forwarded-for': `10.1.${(counter >> 8) & 255}.${counter & 255}` }, body: JSON.stringify({ message: QUESTIONS[counter % QUESTIONS.length], session_id: `load-${counter}` }) };
        },
      },
    ],
  });

requireBuild();
const name = 'lantern_bench_erasure_load';
const { admin, url } = await benchDatabase(adminUrl, name);
let ok = false;
try {
  const handle = await openDatabase({ url });
  await runMigrations(handle.db, 'postgres');
  installDatabase(handle);
  const db = handle.db;
  const key = await seedChatSchool(db);
  const [{ id: schoolId }] = resultRows<{ id: number }>(await db.execute(sql`select id from schools order by id limit 1`)) as [{ id: number }];
  await db.execute(sql`
    insert into leads (school_id, first_name, last_name, email, source, session_id)
    select ${schoolId}, 'Person', 'No ' || g, 'person' || g || '@example.org', 'chatbot_conversation', 'person-' || g from generate_series(1, ${PEOPLE}) g`);
  await db.execute(sql`
    insert into conversations (school_id, session_id, lead_data, message_count)
    select ${schoolId}, 'person-' || g, jsonb_build_object('email', 'person' || g || '@example.org'), 20 from generate_series(1, ${PEOPLE}) g`);
  await db.execute(sql`
    insert into conversation_messages (school_id, conversation_id, position, role, content)
    select c.school_id, c.id, p, case when p % 2 = 0 then 'user' else 'assistant' end, 'Message ' || p || ': when is the scholarship deadline?'
    from conversations c, generate_series(0, 19) p where c.school_id = ${schoolId}`);
  await db.execute(sql`analyze`);

  const server = await startLantern(PORT, { DATABASE_URL: url });
  try {
    await chat(key); // warm-up, discarded
    const before = (await chat(key)).requests.average;
    // 1,000 erasures queued at once, as a privacy office's batch would be; the server's runner takes them.
    await db.transaction(async (tx) => {
      for (let g = 1; g <= PEOPLE; g++) {
        const [row] = await tx.insert(privacyErasures).values({ schoolId, pending: { email: `person${g}@example.org` }, subjectHashes: [] }).returning({ id: privacyErasures.id });
        await enqueue(erasureJob, { erasure_id: row!.id }, {}, tx);
      }
    });
    const t0 = performance.now();
    const during = await chat(key);
    const doneDuring = Number(resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from privacy_erasures where status = 'completed'`))[0]!.n);
    for (;;) {
      const [row] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from privacy_erasures where status <> 'completed'`));
      if (Number(row!.n) === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const allDone = (performance.now() - t0) / 1000;
    const ratio = during.requests.average / before;
    ok = ratio >= BUDGET_RATIO && !during.non2xx;
    console.log(`${ok ? 'PASS' : 'FAIL'}  chat throughput while ${PEOPLE} people are erased / before   ${ratio.toFixed(2)} (${Math.round(during.requests.average)} / ${Math.round(before)} req/s)   budget >= ${BUDGET_RATIO}`);
    console.log(`INFO  erasures completed during the 10 s of chat: ${doneDuring} of ${PEOPLE}; all ${PEOPLE} done after ${allDone.toFixed(1)} s`);
  } finally {
    await stopLantern(server);
    await closeDb();
  }
} finally {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
process.exit(ok ? 0 : 1);
