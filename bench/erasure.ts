// Budget of erasure: erasing one person with 50 conversations and 2,000 messages takes <= 2 s on
// Postgres. The school also holds 5,000 other visitors (their leads, conversations, 50,000 messages),
// 2,000 mails and 2,000 prospects, so the search for the person reads a real school, not only them.
// Times the erasure job's run (find + erase + complete, one transaction) on PGlite (in memory) and,
// when TEST_DATABASE_URL (or BENCH_PG_URL) names a Postgres server, on Postgres in a database of its
// own (lantern_bench_erasure, dropped at the end).
import { sql } from 'drizzle-orm';
import { closeDb, installDatabase, openDatabase, resultRows } from '../db/client';
import { runMigrations } from '../db/migrate';
import { privacyErasures, schools } from '../db/schema';
import { runErasure } from '../lib/privacy/erasure';
import { onBothDatabases } from './server';

const BUDGET_MS = 2000;
const CONVERSATIONS = 50;
const MESSAGES_EACH = 40;
const OTHERS = Number(process.env.BENCH_ERASURE_OTHERS || 5000);

async function measure(kind: 'pglite' | 'postgres', url?: string): Promise<boolean> {
  const handle = await openDatabase({ url, pgliteDir: null });
  await runMigrations(handle.db, kind);
  installDatabase(handle);
  const db = handle.db;
  const [school] = await db.insert(schools).values({ name: 'Erasure Bench College' }).returning({ id: schools.id });
  const s = school!.id;
  const email = 'erin.bench@example.org';
  // The person: a lead and 50 conversations of 40 messages, mail about them and a prospect row.
  await db.execute(sql`insert into leads (school_id, first_name, last_name, email, phone, source, session_id) values (${s}, 'Erin', 'Bench', ${email}, '+16145550123', 'chatbot_conversation', 'erin-0')`);
  const [lead] = resultRows<{ id: number }>(await db.execute(sql`select id from leads where email = ${email}`));
  await db.execute(sql`
    insert into conversations (school_id, session_id, lead_id, lead_data, message_count)
    select ${s}, 'erin-' || g, ${lead!.id}, jsonb_build_object('email', ${email}::text), ${MESSAGES_EACH} from generate_series(0, ${CONVERSATIONS - 1}) g`);
  // Everyone else: one lead and one conversation of 10 messages each.
  await db.execute(sql`
    insert into leads (school_id, first_name, last_name, email, source, session_id)
    select ${s}, 'Other', 'Visitor ' || g, 'other' || g || '@example.org', 'chatbot_conversation', 'other-' || g from generate_series(1, ${OTHERS}) g`);
  await db.execute(sql`
    insert into conversations (school_id, session_id, lead_data, message_count)
    select ${s}, 'other-' || g, jsonb_build_object('email', 'other' || g || '@example.org'), 10 from generate_series(1, ${OTHERS}) g`);
  await db.execute(sql`
    insert into conversation_messages (school_id, conversation_id, position, role, content)
    select c.school_id, c.id, p, case when p % 2 = 0 then 'user' else 'assistant' end, 'Message ' || p || ' of ' || c.session_id || ': when is the deadline for the scholarship?'
    from conversations c, generate_series(0, c.message_count - 1) p where c.school_id = ${s}`);
  await db.execute(sql`
    insert into mail_outbox (to_address, subject, text_body, kind, status, about)
    select 'office@college.example.edu', 'A visitor asked for a person', 'Visitor other' || g || '@example.org asked about fees', 'handoff', 'sent', array['lead:' || g]::text[] from generate_series(1, 2000) g`);
  await db.execute(sql`insert into mail_outbox (to_address, subject, text_body, kind, status, about) values ('office@college.example.edu', 'Erin asked', ${'Erin Bench <' + email + '> asked'}::text, 'handoff', 'sent', array[${'lead:' + lead!.id}::text])`);
  await db.execute(sql`
    insert into prospects (school_id, first_name, last_name, email)
    select ${s}, 'Prospect', 'No ' || g, case when g = 1 then ${email}::text else 'p' || g || '@example.org' end from generate_series(1, 2000) g`);
  await db.execute(sql`analyze`);

  const [erasure] = await db.insert(privacyErasures).values({ schoolId: s, pending: { email }, subjectHashes: [] }).returning({ id: privacyErasures.id });
  const t0 = performance.now();
  const result = await runErasure(erasure!.id);
  const ms = performance.now() - t0;
  const ok = ms <= BUDGET_MS && result.messages === CONVERSATIONS * MESSAGES_EACH;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${`erasing one person (${kind}: ${CONVERSATIONS} conversations, ${result.messages} messages; ${OTHERS} others)`.padEnd(78)} ${`${ms.toFixed(0)} ms`.padStart(8)} (budget ${BUDGET_MS} ms)`,
  );
  await closeDb();
  return ok;
}

process.env.AUTH_SECRET ??= 'bench-secret-for-erasure-0123456789';
process.exit((await onBothDatabases('lantern_bench_erasure', measure)) ? 0 : 1);
