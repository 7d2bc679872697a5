// Budget of the analytics issue: turn analysis in embedded mode
// (the local classifier, no model) >= 5,000 visitor messages/s, as reported by the task's own result
// summary (processing_rate_msgs_per_sec). On Postgres with 100,000 conversations and 1,000,000
// messages in one school (bench/data.ts: one school, 10 messages per conversation, so ~500,000 visitor
// messages waiting). The task runs in this process against its own database (lantern_bench_analysis),
// dropped after. BENCH_CONVERSATIONS sizes the data; BENCH_PG_URL names the server.
import { sql } from 'drizzle-orm';
import { closeDb, installDatabase, openDatabase, resultRows } from '../db/client';
import { runMigrations } from '../db/migrate';
import { analyzeConversationTurns } from '../lib/analytics/turn-analysis';
import { generateBenchData } from './data';
import { benchDatabase } from './server';

const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'lantern_bench_analysis';
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS || 100_000);
const BUDGET = 5_000;

async function main() {
  const { admin, url } = await benchDatabase(adminUrl, DB);
  try {
    const handle = await openDatabase({ url });
    await runMigrations(handle.db, 'postgres');
    installDatabase(handle);
    const db = handle.db;
    console.log(`Generating ${CONVERSATIONS.toLocaleString('en-US')} conversations, 10 messages each, in one school…`);
    const data = await generateBenchData(db, { conversations: CONVERSATIONS, schools: 1, messagesPerConversation: 10 });
    await db.execute(sql`vacuum analyze`);
    const [pending] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from conversation_messages where role = 'user' and analyzed_at is null`));
    console.log(`INFO  generated in ${(data.ms / 1000).toFixed(1)} s: ${data.conversations} conversations, ${data.messages} messages, ${pending!.n} visitor messages to analyse`);

    const t0 = performance.now();
    const summary = await analyzeConversationTurns({ model: null });
    const wall = (performance.now() - t0) / 1000;
    const rate = summary.processing_rate_msgs_per_sec;
    console.log(`INFO  result summary: ${JSON.stringify(summary)}`);
    console.log(`INFO  wall time ${wall.toFixed(1)} s`);
    console.log(`${rate >= BUDGET ? 'PASS' : 'FAIL'}  turn analysis, embedded mode (task's own rate)   ${rate.toLocaleString('en-US')} msgs/s   budget >= ${BUDGET.toLocaleString('en-US')} msgs/s`);
    const again = await analyzeConversationTurns({ model: null });
    console.log(`INFO  second run (idempotent): ${again.total_messages_processed} messages processed`);
    const [left] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from conversation_messages where role = 'user' and analyzed_at is null`));
    const [convs] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from conversations where analyzed_at is not null`));
    console.log(`INFO  visitor messages left unanalysed: ${left!.n}; conversations analysed: ${convs!.n}`);
    if (rate < BUDGET) process.exitCode = 1;
  } finally {
    await closeDb();
    await admin.unsafe(`drop database if exists ${DB} with (force)`);
    await admin.end();
  }
}

await main();
