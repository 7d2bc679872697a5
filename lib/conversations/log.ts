import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, resultRows, type Database, type Tx } from '@/db/client';
import { publish } from '@/lib/live/bus';
import type { LiveChange } from '@/lib/live/events';
import type { LiveConversationSummary } from '@/lib/live/schema';
import { liveSummaries, waitingIn } from '@/lib/live/summaries';
import { logError } from '@/lib/system/log';
import { sourceOf, type WidgetCaller } from '@/lib/widget/access';

// The conversation log: the only writer of a conversation's messages (conversation_messages). A
// message takes the conversation's next position, its count advanced by the same statement, so
// concurrent writers never collide: the visitor's, the assistant's (a chat turn, two at once), a
// person's in a live chat, and the chat's own lines (role 'system': a person joined, handed back,
// closed; a wait ran out). In a live chat it also changes the conversation's state with the line
// that tells it, and publishes each change once committed (lib/live/bus.ts; what the events are:
// lib/live/events.ts).

/** Which conversation a message goes into, and when it may. */
export type LogTarget =
  /** Any conversation of the school (the caller's transaction has checked its state). */
  | { conversation: number }
  /** A person's live chat message: only while they hold the conversation. */
  | { conversation: number; heldBy: number }
  /** The visitor's message to a person: only while they wait for one or are with one. */
  | { session: string; live: true };

/** Who writes: the visitor ('user'), the chat itself ('system'), or a staff member (with the first name the visitor sees). */
export type LogWriter = { role: 'user' | 'system' } | { role: 'staff'; userId: number; name: string };

/** Where a message landed. */
export type Appended = { conversation: number; session: string; index: number; at: string };

function matchOf(target: LogTarget) {
  if ('session' in target) return sql`session_id = ${target.session} and live_status in ('waiting', 'active')`;
  if ('heldBy' in target) return sql`id = ${target.conversation} and live_status = 'active' and live_held_by = ${target.heldBy}`;
  return sql`id = ${target.conversation}`;
}

/**
 * Appends one message, in the caller's transaction (or alone); null when the target refused it (not
 * the school's, or not in the state the target asks for). Every writer but the chat turn's comes here.
 */
export async function appendMessage(tx: Pick<Database, 'execute'>, schoolId: number, target: LogTarget, writer: LogWriter, text: string): Promise<Appended | null> {
  const author = writer.role === 'staff' ? writer : { userId: null, name: null };
  const [row] = resultRows<{ conversation_id: number; session_id: string; position: number; created_at: string | Date }>(
    await tx.execute(sql`
      with c as (
        update conversations set message_count = message_count + 1, ended_at = now()
        where school_id = ${schoolId} and ${matchOf(target)}
        returning id, session_id, message_count
      )
      insert into conversation_messages (conversation_id, school_id, position, role, content, author_user_id, author_name)
      select id, ${schoolId}, message_count - 1, ${writer.role}, ${text}, ${author.userId}::int, ${author.name}::text from c
      returning conversation_id, position, created_at, (select session_id from c)`),
  );
  return row ? { conversation: Number(row.conversation_id), session: row.session_id, index: Number(row.position), at: new Date(row.created_at).toISOString() } : null;
}

/** A message written to a person or by one in a live chat: appended, then published. Null when the target refused it. */
export async function writeLiveMessage(schoolId: number, target: LogTarget, writer: { role: 'user' } | Extract<LogWriter, { role: 'staff' }>, text: string): Promise<Appended | null> {
  const row = await appendMessage(await getDb(), schoolId, target, writer, text);
  if (row) await publish({ school: schoolId, conversation: row.conversation, session: row.session, kind: 'message', message: { index: row.index, role: writer.role, text, author: writer.role === 'staff' ? writer.name : null, at: row.at } });
  return row;
}

/** One conversation a change of live state moved: where it stands now, who holds it (their first name), and the line that tells it in the transcript (none: nothing to write). */
export type LiveStateChange = { school: number; conversation: number; session: string; status: LiveChange; agent?: string | null; line: { role: 'user' | 'system'; text: string } | null };

/**
 * Changes live conversations' state: `change` updates them in one transaction and answers what it
 * changed; each one's line is written in the same transaction. Once committed, each change is
 * published (the state, with the conversation as the Live view lists it and the school's waiting
 * count; then its line), in order. Answers the changes (none: nothing matched).
 */
export async function changeLiveState(change: (tx: Tx) => Promise<LiveStateChange[]>): Promise<LiveStateChange[]> {
  const db = await getDb();
  const done = await db.transaction(async (tx) => {
    const out = [];
    for (const c of await change(tx)) out.push({ c, line: c.line && (await appendMessage(tx, c.school, { conversation: c.conversation }, { role: c.line.role }, c.line.text)) });
    return out;
  });
  const seen = await afterChange(done.map(({ c }) => c));
  for (const { c, line } of done) {
    const about = { school: c.school, conversation: c.conversation, session: c.session };
    await publish({ ...about, kind: 'queue', status: c.status, agent: c.agent, ...seen(c) });
    if (line && c.line) await publish({ ...about, kind: 'message', message: { index: line.index, role: c.line.role, text: c.line.text, author: null, at: line.at } });
  }
  return done.map(({ c }) => c);
}

/**
 * The changed conversations as listed now, and each school's waiting count, read once per school.
 * Not read (the change is stored): the events go without them, and the Live view reads its list.
 */
async function afterChange(changes: LiveStateChange[]) {
  const bySchool = new Map<number, { summaries: Map<number, LiveConversationSummary>; waiting: number }>();
  try {
    for (const school of new Set(changes.map((c) => c.school))) {
      const ids = changes.filter((c) => c.school === school).map((c) => c.conversation);
      const summaries = await liveSummaries(school, ids);
      bySchool.set(school, { summaries: new Map(summaries.map((s) => [s.id, s])), waiting: await waitingIn(school) });
    }
  } catch (err) {
    console.error(`[live] a changed conversation was not read back ${logError(err)}`);
    bySchool.clear();
  }
  return (c: LiveStateChange) => {
    const s = bySchool.get(c.school);
    const summary = s?.summaries.get(c.conversation);
    return summary ? { summary, waiting: s!.waiting } : {};
  };
}

// The chat turn: the visitor's question and the assistant's answer, two positions at once, written
// by the statement that creates or advances the conversation (and, when busy, batched).

export type StoredTurn = { conversationId: number; messageIndex: number };

export type TurnRecord = {
  question: string;
  answer: string;
  receivedAt: Date;
  responseTimeMs: number;
  sources: { source_type: string; source_id: string; title: string }[];
  model: string;
  /** Lead details gathered so far (lead capture on), and the lead they made. */
  leadData: Record<string, unknown> | null;
  leadId: number | null;
  /** The visitor's language for this turn. */
  language?: string | null;
};

type PendingTurn = { caller: WidgetCaller; sessionId: string; turn: TurnRecord; resolve: (stored: StoredTurn) => void; reject: (err: unknown) => void };

/** Turns waiting while a write is under way; they go together in the next statement. */
let waiting: PendingTurn[] = [];
let writing = false;
const MAX_BATCH = 64;

/**
 * Stores the visitor's message and the answer. One turn alone is one statement; turns that arrive
 * while a write is under way are written together in the next one (a busy widget writes many turns
 * for the price of one statement). A session has at most one turn per statement, so its messages
 * keep their order.
 */
export function storeTurn(caller: WidgetCaller, sessionId: string, turn: TurnRecord): Promise<StoredTurn | null> {
  if (!caller.logging) return Promise.resolve(null);
  return new Promise<StoredTurn>((resolve, reject) => {
    waiting.push({ caller, sessionId, turn, resolve, reject });
    if (!writing) void writeWaiting();
  });
}

async function writeWaiting(): Promise<void> {
  writing = true;
  try {
    while (waiting.length) {
      const batch: PendingTurn[] = [];
      const later: PendingTurn[] = [];
      const sessions = new Set<string>();
      for (const p of waiting) {
        const session = `${p.caller.schoolId}:${p.sessionId}`;
        if (batch.length >= MAX_BATCH || sessions.has(session)) later.push(p);
        else {
          sessions.add(session);
          batch.push(p);
        }
      }
      waiting = later;
      if (batch.length > 1) {
        try {
          const stored = await storeTurns(batch);
          batch.forEach((p, i) => p.resolve(stored[i]!));
          continue;
        } catch {
          // One bad turn must not cost the others theirs: write them one by one below.
        }
      }
      for (const p of batch) await storeOneTurn(p).then(p.resolve, p.reject);
    }
  } finally {
    writing = false;
  }
}

/**
 * A turn on a session that has a conversation already: two messages more, engaged, opened and
 * engaged times kept, and the lead details replaced only by a turn that has some (a session's
 * details only grow; a turn without any inserts '{}').
 */
const ADVANCE_CONVERSATION = sql`on conflict (school_id, session_id) do update set
        status = 'engaged',
        message_count = conversations.message_count + 2,
        widget_opened_at = coalesce(conversations.widget_opened_at, excluded.widget_opened_at),
        engaged_at = coalesce(conversations.engaged_at, excluded.engaged_at),
        ended_at = now(),
        lead_data = case when excluded.lead_data = '{}'::jsonb then conversations.lead_data else excluded.lead_data end,
        lead_id = coalesce(excluded.lead_id, conversations.lead_id),
        language = coalesce(excluded.language, conversations.language)`;

/**
 * One turn in one statement: the conversation row is created or advanced by the same upsert that
 * reserves the two positions, so concurrent turns of one session never collide.
 */
async function storeOneTurn({ caller, sessionId, turn }: PendingTurn): Promise<StoredTurn> {
  const db = await getDb();
  const at = turn.receivedAt.toISOString();
  const leadData = turn.leadData ? JSON.stringify(turn.leadData) : null;
  const rows = await db.execute<{ conversation_id: number; position: number }>(sql`
    with c as (
      insert into conversations (school_id, session_id, source, status, client_hash, started_at, widget_opened_at, engaged_at, ended_at, message_count, lead_data, lead_id, language)
      values (${caller.schoolId}::int, ${sessionId}::text, ${sourceOf(caller)}::text, 'engaged', ${caller.clientHash}::text, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, now(), 2,
              coalesce(${leadData}::jsonb, '{}'::jsonb), ${turn.leadId}::int, ${turn.language ?? null}::text)
      ${ADVANCE_CONVERSATION}
      returning id, message_count
    )
    insert into conversation_messages (conversation_id, school_id, position, role, content, created_at, response_time_ms, sources, model)
    select id, ${caller.schoolId}::int, message_count - 2, 'user', ${turn.question}::text, ${at}::timestamptz, null::int, null::jsonb, null::text from c
    union all
    select id, ${caller.schoolId}::int, message_count - 1, 'assistant', ${turn.answer}::text, now(), ${turn.responseTimeMs}::int, ${JSON.stringify(turn.sources)}::jsonb, ${turn.model}::text from c
    returning conversation_id, position`);
  const list = resultRows<{ conversation_id: number; position: number }>(rows);
  const answer = list.reduce((a, b) => (Number(b.position) > Number(a.position) ? b : a));
  return { conversationId: Number(answer.conversation_id), messageIndex: Number(answer.position) };
}

/** Several turns of different sessions in one statement, the same upsert as above row by row; answers in input order. */
async function storeTurns(batch: PendingTurn[]): Promise<StoredTurn[]> {
  const db = await getDb();
  const input = batch.map(({ caller, sessionId, turn }, i) => ({
    i,
    school_id: caller.schoolId,
    session_id: sessionId,
    source: sourceOf(caller),
    client_hash: caller.clientHash,
    at: turn.receivedAt.toISOString(),
    lead_data: turn.leadData,
    lead_id: turn.leadId,
    question: turn.question,
    answer: turn.answer,
    response_time_ms: turn.responseTimeMs,
    sources: turn.sources,
    model: turn.model,
    language: turn.language ?? null,
  }));
  const rows = await db.execute<{ i: number; conversation_id: number; message_count: number }>(sql`
    with x as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(
        i int, school_id int, session_id text, source text, client_hash text, at timestamptz, lead_data jsonb, lead_id int,
        question text, answer text, response_time_ms int, sources jsonb, model text, language text)
    ),
    c as (
      insert into conversations (school_id, session_id, source, status, client_hash, started_at, widget_opened_at, engaged_at, ended_at, message_count, lead_data, lead_id, language)
      select school_id, session_id, source, 'engaged', client_hash, at, at, at, now(), 2, coalesce(lead_data, '{}'::jsonb), lead_id, language from x
      ${ADVANCE_CONVERSATION}
      returning id, school_id, session_id, message_count
    ),
    m as (
      insert into conversation_messages (conversation_id, school_id, position, role, content, created_at, response_time_ms, sources, model)
      select c.id, c.school_id, c.message_count - 2, 'user', x.question, x.at, null::int, null::jsonb, null::text from c join x using (school_id, session_id)
      union all
      select c.id, c.school_id, c.message_count - 1, 'assistant', x.answer, now(), x.response_time_ms, x.sources, x.model from c join x using (school_id, session_id)
    )
    select x.i, c.id as conversation_id, c.message_count from c join x using (school_id, session_id)`);
  const byIndex = new Map(resultRows<{ i: number; conversation_id: number; message_count: number }>(rows).map((r) => [Number(r.i), r]));
  return batch.map((_, i) => {
    const row = byIndex.get(i);
    if (!row) throw new Error('a turn of the batch was not stored');
    return { conversationId: Number(row.conversation_id), messageIndex: Number(row.message_count) - 1 };
  });
}

