import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { schools } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { CorrectionMatcher } from '@/lib/retrieval/correction-match';
import { findCorrection, schoolIndex } from '@/lib/retrieval/knowledge-index';
import { requireSchoolId } from '@/lib/tenancy';
import type { UnansweredQuery, UnansweredQuestion } from './unanswered-schema';

// What visitors asked that the assistant could not answer from the school's knowledge:
// the visitor question before every assistant answer that is an honest refusal ("I don't have that
// information", the text the local composer writes and the model is told to say; or "I don't have the
// answer to …", its refusal of one part of a message of several questions) or that staff
// rated poor. Widget conversations only (test chats are staff trying things). Grouped by wording:
// a question joins the first group whose question it paraphrases, by the same matcher that finds a
// staff correction for a question. A group a correction now answers drops out of the list.

/** The newest answers read (a busy school has many more; the newest say what is missing now). */
const SCAN_LIMIT = 2000;
/** Groups answered, most asked first. */
const GROUP_LIMIT = 50;
const EXAMPLES = 3;

type Row = { question: string; asked_at: Date | string; rating_id: number | null };

const normalised = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

export async function unansweredQuestions(ctx: AuthContext, { days }: UnansweredQuery): Promise<UnansweredQuestion[]> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const result = await db.execute(sql`
    select q.content as question, q.created_at as asked_at, r.id as rating_id
    from conversation_messages a
    join conversations c on c.id = a.conversation_id and c.school_id = ${schoolId} and c.source = 'widget'
    join conversation_messages q on q.conversation_id = a.conversation_id and q.position = a.position - 1 and q.role = 'user'
    left join conversation_ratings r on r.conversation_id = a.conversation_id and r.message_index = a.position and r.rating = 'poor' and r.school_id = ${schoolId}
    where a.school_id = ${schoolId} and a.role = 'assistant' and a.created_at >= now() - make_interval(days => ${days}::int)
      and (r.id is not null or a.content ilike ${"%don't have that information%"} or a.content ilike ${'%do not have that information%'} or a.content ilike ${"%don't have the answer to%"})
    order by a.created_at desc, a.id desc
    limit ${SCAN_LIMIT}`);
  const rows = resultRows<Row>(result);
  if (!rows.length) return [];

  const [school] = await db.select({ version: schools.knowledgeVersion }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  const version = school?.version ?? 0;
  const index = await schoolIndex(schoolId, version);
  const matcher = new CorrectionMatcher([], index.vocabulary);
  type Group = { question: string; count: number; last: Date; examples: string[]; seen: Set<string>; rating_id: number | null };
  const groups: Group[] = [];
  const byText = new Map<string, Group>();

  for (const row of rows) {
    const text = row.question.trim();
    const key = normalised(text);
    let group = byText.get(key);
    if (!group) {
      const match = matcher.match(text, index);
      group = match ? groups[match.id] : undefined;
    }
    if (!group) {
      group = { question: text, count: 0, last: new Date(row.asked_at), examples: [], seen: new Set(), rating_id: null };
      matcher.add({ id: groups.length, question: text, answer: '' });
      groups.push(group);
    }
    byText.set(key, group);
    group.count += 1;
    if (group.rating_id === null && row.rating_id !== null) group.rating_id = Number(row.rating_id);
    if (!group.seen.has(key) && group.examples.length < EXAMPLES) {
      group.seen.add(key);
      group.examples.push(text);
    }
  }

  const open: UnansweredQuestion[] = [];
  for (const g of groups) {
    // Answered since: a staff correction now matches the question.
    if (findCorrection(index, g.question)) continue;
    open.push({ question: g.question, count: g.count, last_asked_at: g.last.toISOString(), examples: g.examples, rating_id: g.rating_id });
  }
  open.sort((a, b) => b.count - a.count || b.last_asked_at.localeCompare(a.last_asked_at));
  return open.slice(0, GROUP_LIMIT);
}
