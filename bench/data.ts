// Bench data generator (issues 17, 18): realistic schools with a year of widget traffic — conversations
// (sessions) spread over `days`, their events (loaded → opened → engaged, kept on the conversation
// row), messages (questions and answers, some with the visitor's thumbs), staff ratings of a share
// of the answers, the corrections staff wrote for some poor ones, and the leads some conversations produce.
// Everything is written with INSERT … SELECT over generate_series, so 100,000 conversations take
// seconds, on Postgres and on PGlite alike. Later issues (logs, analytics, leads, reports) reuse it.
//
//   npm run bench:data -- --conversations 100000 [--schools 10] [--days 365] [--messages-per-conversation 4]
//                         [--rated-share 0.02] [--database-url postgres://…]
//
// Everything in one school (the logs budgets): --schools 1. 100,000 conversations with 1,000,000
// messages: --conversations 100000 --schools 1 --messages-per-conversation 10.
//
// Without --database-url: DATABASE_URL, else the app's own PGlite (DATA_DIR/pglite).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { closeDb, installDatabase, openDatabase, resultRows, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { chatbotSettings, schools } from '../db/schema';
import { dataDir } from '../db/data-dir';

export type BenchDataOptions = {
  /** Conversations in all, shared evenly by the schools. */
  conversations: number;
  schools?: number;
  /** Conversations start uniformly over this many days before now. */
  days?: number;
  /** Each school's chatbot settings: auto-delete on (as after saving the Logging tab) with this retention. */
  retentionDays?: number;
  autoDelete?: boolean;
  /** A name prefix, so several runs can share a database. */
  prefix?: string;
  /** Conversations per INSERT statement (messages follow the same ranges). */
  chunk?: number;
  /** Messages per conversation on average (default 4); engaged conversations get longer. */
  messagesPerConversation?: number;
  /** The share of assistant messages staff rated (default 0.02; 0 for none). */
  ratedShare?: number;
  log?: (line: string) => void;
};

export type BenchDataResult = { schoolIds: number[]; conversations: number; messages: number; leads: number; ratings: number; corrections: number; ms: number };

// Shape of the traffic (per conversation, decided by its number g):
//   g % 10 in 0..2  widget loaded only, no messages        (30 %)
//   g % 10 == 3     opened, no messages                     (10 %)
//   g % 10 in 4..9  engaged: 2, 4, 6, 8 or 10 messages      (60 %, about 6.7 messages each: 4 per conversation overall)
//                   (times messagesPerConversation / 4, in whole question-and-answer pairs)
//   engaged and g % 12 == 0: the visitor left a lead        (about 5 %)
//   an assistant message with (conversation id × 31 + position × 17) % round(1 / ratedShare) == 0:
//     staff rated it (2 % of answers by default): a third poor, categories and context turns cycling;
//     every tenth poor rating has a correction (the answer staff wrote for its question)
/** Messages per conversation, on average, under the shape above. */
export const MESSAGES_PER_CONVERSATION = 4;

const QUESTIONS = [
  'How much is tuition?',
  'When is the application deadline?',
  'Do you offer scholarships for transfer students?',
  'What majors do you have in engineering?',
  'Is housing guaranteed for first-year students?',
  'Can I schedule a campus tour?',
  'What GPA do I need to be admitted?',
  'Do you accept the Common App?',
];
const ANSWERS = [
  'Undergraduate tuition for 2026–27 is $24,500 per year for full-time students. Financial aid is available.',
  'The priority deadline is December 1 and the regular deadline is February 1.',
  'Yes: transfer students with a 3.0 GPA or higher are considered for merit scholarships up to $8,000 a year.',
  'Engineering offers Civil, Mechanical, Electrical and Computer Engineering, all ABET accredited.',
  'Housing is guaranteed for first-year students who apply by May 1.',
  'Campus tours run Monday to Friday at 10 am and 2 pm; you can book one on the visit page.',
  'Most admitted students have a GPA between 3.2 and 3.8; we review every application as a whole.',
  'Yes, we accept the Common App and our own application; there is no fee.',
];
const POOR_NOTES = [
  'The answer missed the deadline the visitor asked about.',
  'Quoted last year\'s tuition.',
  'Too long; the visitor only asked for a date.',
  'Should have offered to book a campus tour.',
  'Did not ask for contact details when the visitor was ready.',
];
const GOOD_NOTES = ['Clear and complete.', 'Exactly what was asked.', 'Friendly and accurate.', 'Good follow-up question.'];
const FIRST = ['Ava', 'Liam', 'Maya', 'Noah', 'Zoe', 'Ethan', 'Isla', 'Lucas', 'Aria', 'Mason', 'Nora', 'Leo'];
const LAST = ['Garcia', 'Nguyen', 'Smith', 'Patel', 'Johnson', 'Kim', 'Brown', 'Lopez', 'Chen', 'Davis', 'Okafor', 'Silva'];
const MAJORS = ['Nursing', 'Computer Science', 'Business', 'Biology', 'Psychology', 'Engineering'];

const textArray = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** Generates the data into `db` (already migrated); answers what it wrote. */
export async function generateBenchData(db: Database, options: BenchDataOptions): Promise<BenchDataResult> {
  const t0 = performance.now();
  const schoolCount = Math.max(1, options.schools ?? 10);
  const days = options.days ?? 365;
  const chunk = options.chunk ?? 25_000;
  const prefix = options.prefix ?? 'Bench';
  const log = options.log ?? (() => {});
  const perSchool = Math.ceil(options.conversations / schoolCount);
  const pairScale = (options.messagesPerConversation ?? MESSAGES_PER_CONVERSATION) / MESSAGES_PER_CONVERSATION;
  const pairs = pairScale === 1 ? sql`(1 + g % 5)` : sql`greatest(1, ceil(${pairScale}::float8 * (1 + g % 5)))::int`;
  const ratedShare = options.ratedShare ?? 0.02;
  const rateEvery = ratedShare > 0 ? Math.max(1, Math.round(1 / ratedShare)) : 0;

  const schoolRows = await db
    .insert(schools)
    .values(
      Array.from({ length: schoolCount }, (_, i) => ({
        name: `${prefix} College ${i + 1}`,
        websiteUrl: `https://www.${prefix.toLowerCase()}-college-${i + 1}.example.edu`,
        locations: ['Portland, OR'],
        tuitionInfo: 'Undergraduate tuition for 2026–27 is $24,500 per year for full-time students.',
        contactPoints: [{ name: 'Office of Admissions', email: `admissions@college-${i + 1}.example.edu`, phone: '+1 503 555 0100' }],
      })),
    )
    .returning({ id: schools.id });
  const schoolIds = schoolRows.map((r) => r.id);
  await db.insert(chatbotSettings).values(schoolIds.map((schoolId) => ({ schoolId, retentionDays: options.retentionDays ?? 90, autoDeleteEnabled: options.autoDelete ?? true })));

  let written = 0;
  for (const schoolId of schoolIds) {
    const n = Math.min(perSchool, options.conversations - written);
    if (n <= 0) break;
    for (let from = 1; from <= n; from += chunk) {
      const to = Math.min(n, from + chunk - 1);
      // Conversations with their events: started at a random moment of the period, opened a few
      // seconds later, engaged when the visitor wrote; ended after the last message.
      const ids = await db.execute(sql`
        with g as (
          select g, now() - random() * ${days} * interval '1 day' as at, case when g % 10 >= 4 then 2 * ${pairs} else 0 end as messages
          from generate_series(${from}::int, ${to}::int) g
        )
        insert into conversations (school_id, session_id, source, status, started_at, ended_at, widget_opened_at, engaged_at, message_count, client_hash)
        select ${schoolId}, 'bench-' || ${schoolId} || '-' || g, case when g % 50 = 0 then 'test_chat' else 'widget' end,
          case when g % 10 <= 2 then 'widget_loaded' when g % 10 = 3 then 'opened' else 'engaged' end,
          at, at + (messages * 20 + 30) * interval '1 second',
          case when g % 10 >= 3 then at + interval '5 seconds' end,
          case when g % 10 >= 4 then at + interval '20 seconds' end,
          messages, substr(md5('client' || (g % 5000)), 1, 32)
        from g
        returning id`);
      const got = resultRows<{ id: number }>(ids).map((r) => Number(r.id));
      const lo = Math.min(...got);
      const hi = Math.max(...got);
      // Messages: a question, then its answer (response time, model, now and then a thumbs rating).
      await db.execute(sql`
        insert into conversation_messages (conversation_id, school_id, position, role, content, created_at, response_time_ms, user_feedback_rating, sources, model)
        select c.id, c.school_id, p,
          case when p % 2 = 0 then 'user' else 'assistant' end,
          case when p % 2 = 0 then (${textArray(QUESTIONS)})[1 + (c.id + p / 2) % ${QUESTIONS.length}]
               else (${textArray(ANSWERS)})[1 + (c.id + p / 2) % ${ANSWERS.length}] end,
          c.started_at + (20 + p * 20) * interval '1 second',
          case when p % 2 = 1 then 400 + (c.id * 7 + p * 13) % 2600 end,
          case when p % 2 = 1 and (c.id + p) % 17 = 0 then 1 when p % 2 = 1 and (c.id + p) % 41 = 0 then -1 end,
          case when p % 2 = 1 then '[{"source_type":"school","source_id":"school:tuition","title":"Tuition and costs"}]'::jsonb end,
          case when p % 2 = 1 then 'local' end
        from conversations c, generate_series(0, c.message_count - 1) p
        where c.school_id = ${schoolId} and c.id between ${lo} and ${hi} and c.message_count > 0`);
      // Leads from about one engaged conversation in twelve, linked both ways.
      await db.execute(sql`
        with made as (
          insert into leads (school_id, first_name, last_name, email, phone, source, graduation_year, intended_major, session_id, created_at, updated_at, last_interaction_at)
          select c.school_id, (${textArray(FIRST)})[1 + c.id % ${FIRST.length}], (${textArray(LAST)})[1 + (c.id / 7) % ${LAST.length}],
            'visitor' || c.id || '@example.com', case when c.id % 3 = 0 then '+1 503 555 ' || lpad((c.id % 10000)::text, 4, '0') end,
            case when c.id % 4 = 0 then 'chatbot_quickinfocard' else 'chatbot_conversation' end,
            2027 + c.id % 4, jsonb_build_array((${textArray(MAJORS)})[1 + c.id % ${MAJORS.length}]),
            c.session_id, c.engaged_at, c.ended_at, c.ended_at
          from conversations c
          where c.school_id = ${schoolId} and c.id between ${lo} and ${hi} and c.status = 'engaged' and c.id % 12 = 0
          returning id, session_id
        )
        update conversations c set lead_id = made.id from made where c.school_id = ${schoolId} and c.session_id = made.session_id`);
      // Staff ratings (the logs' Excellent / Poor) of a share of the answers, spread over the
      // assistant messages by a hash of conversation and position.
      if (rateEvery) {
        await db.execute(sql`
          insert into conversation_ratings (school_id, conversation_id, message_index, rating, admin_notes, category, context_turns, created_at, updated_at)
          select m.school_id, m.conversation_id, m.position, case when k % 3 = 0 then 'poor' else 'excellent' end,
            case when k % 3 = 0 then (${textArray(POOR_NOTES)})[1 + k % ${POOR_NOTES.length}] else (${textArray(GOOD_NOTES)})[1 + k % ${GOOD_NOTES.length}] end,
            (array['accuracy','tone','helpfulness','lead_capture','other',null])[1 + k % 6], 1 + k % 4,
            m.created_at + interval '1 day', m.created_at + interval '1 day'
          from (select mm.*, (mm.conversation_id * 7 + mm.position) as k from conversation_messages mm
                where mm.conversation_id between ${lo} and ${hi} and mm.role = 'assistant'
                  and (mm.conversation_id * 31 + mm.position * 17) % ${rateEvery} = 0) m
          where m.school_id = ${schoolId}`);
        // Corrections for every tenth poor rating: the answer staff wrote for its question.
        await db.execute(sql`
          insert into corrections (school_id, question, answer, rating_id, created_at, updated_at)
          select r.school_id, q.content, 'Corrected: ' || a.content || ' Contact the admissions office for details.', r.id, r.created_at, r.created_at
          from conversation_ratings r
          join conversation_messages q on q.conversation_id = r.conversation_id and q.position = r.message_index - 1
          join conversation_messages a on a.conversation_id = r.conversation_id and a.position = r.message_index
          where r.school_id = ${schoolId} and r.conversation_id between ${lo} and ${hi} and r.rating = 'poor' and r.id % 10 = 0`);
        // Each correction's passage, as lib/knowledge/corrections.ts writes it, so the chat index knows it.
        await db.execute(sql`
          insert into knowledge_chunks (school_id, source_type, source_id, title, content, position)
          select c.school_id, 'correction', c.id::text, left(c.question, 300), c.answer, 0
          from corrections c
          where c.school_id = ${schoolId} and not exists (
            select 1 from knowledge_chunks k where k.school_id = c.school_id and k.source_type = 'correction' and k.source_id = c.id::text)`);
      }
      written += got.length;
    }
    log(`  school ${schoolId}: ${n.toLocaleString('en-US')} conversations`);
  }

  const [counts] = resultRows<{ conversations: number; messages: number; leads: number; ratings: number; corrections: number }>(
    await db.execute(sql`select
      (select count(*)::int from conversations where school_id = any(${sql.raw(`array[${schoolIds.join(',')}]::int[]`)})) as conversations,
      (select count(*)::int from conversation_messages where school_id = any(${sql.raw(`array[${schoolIds.join(',')}]::int[]`)})) as messages,
      (select count(*)::int from leads where school_id = any(${sql.raw(`array[${schoolIds.join(',')}]::int[]`)})) as leads,
      (select count(*)::int from conversation_ratings where school_id = any(${sql.raw(`array[${schoolIds.join(',')}]::int[]`)})) as ratings,
      (select count(*)::int from corrections where school_id = any(${sql.raw(`array[${schoolIds.join(',')}]::int[]`)})) as corrections`),
  );
  return {
    schoolIds,
    conversations: Number(counts!.conversations),
    messages: Number(counts!.messages),
    leads: Number(counts!.leads),
    ratings: Number(counts!.ratings),
    corrections: Number(counts!.corrections),
    ms: performance.now() - t0,
  };
}

function parseArgs(argv: string[]) {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i]!);
    if (!m) throw new Error(`Unknown argument ${argv[i]} (use --conversations N --schools N --days N --messages-per-conversation N --rated-share F --database-url URL)`);
    out[m[1]!] = m[2] ?? argv[++i] ?? '';
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const number = (name: string, fallback: number) => {
    const v = args[name] === undefined ? fallback : Number(args[name]);
    if (!Number.isInteger(v) || v < 1) throw new Error(`--${name} must be a whole number above 0`);
    return v;
  };
  const share = (name: string, fallback: number) => {
    const v = args[name] === undefined ? fallback : Number(args[name]);
    if (!Number.isFinite(v) || v < 0 || v > 1) throw new Error(`--${name} must be a number from 0 to 1`);
    return v;
  };
  const url = args['database-url'] || process.env.DATABASE_URL;
  const handle = await openDatabase(url ? { url } : { pgliteDir: path.join(dataDir(), 'pglite') });
  await runMigrations(handle.db, handle.kind);
  installDatabase(handle);
  const conversations = number('conversations', 100_000);
  console.log(`Generating ${conversations.toLocaleString('en-US')} conversations on ${url ? 'Postgres' : `PGlite (${path.join(dataDir(), 'pglite')})`}…`);
  const r = await generateBenchData(handle.db, {
    conversations,
    schools: number('schools', 10),
    days: number('days', 365),
    prefix: args.prefix || `Bench${Date.now().toString(36)}`,
    messagesPerConversation: number('messages-per-conversation', MESSAGES_PER_CONVERSATION),
    ratedShare: share('rated-share', 0.02),
    log: console.log,
  });
  console.log(
    `${r.schoolIds.length} schools, ${r.conversations.toLocaleString('en-US')} conversations, ${r.messages.toLocaleString('en-US')} messages, ${r.leads.toLocaleString('en-US')} leads, ${r.ratings.toLocaleString('en-US')} staff ratings, ${r.corrections.toLocaleString('en-US')} corrections in ${(r.ms / 1000).toFixed(1)} s`,
  );
  await closeDb();
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
