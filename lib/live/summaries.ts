import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import type { LivePage } from '@/db/schema';
import { conversationReference } from '@/lib/conversations/reference';
import { visitorName } from '@/lib/conversations/visitor-name';
import type { LiveConversationStatus, LiveConversationSummary } from './schema';

// Live conversations as the Live view lists them: read by its list and transcript, and by the
// conversation log, which sends a changed conversation's summary with the event that reports it.

export type LiveRow = {
  id: number;
  session_id: string;
  live_status: LiveConversationStatus;
  live_waiting_since: string | Date | null;
  held_id: number | null;
  held_first: string | null;
  held_last: string | null;
  lead_data: Record<string, unknown> | null;
  live_pages: LivePage[] | null;
  language: string | null;
  last_role: string | null;
  last_content: string | null;
  last_at: string | Date | null;
};

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** One conversation as the Live view lists it. */
export function summaryOf(r: LiveRow): LiveConversationSummary {
  return {
    id: Number(r.id),
    status: r.live_status,
    waiting_since: r.live_status === 'waiting' ? iso(r.live_waiting_since) : null,
    held_by: r.held_id ? { id: Number(r.held_id), name: [r.held_first, r.held_last].filter(Boolean).join(' ') } : null,
    visitor: visitorName(r.lead_data, conversationReference(r.session_id)),
    language: r.language,
    last_message: r.last_role ? { role: r.last_role, text: (r.last_content ?? '').slice(0, 300), at: iso(r.last_at)! } : null,
  };
}

/** Live conversations of the school that match `where`: waiting first (longest wait first), then active, then ended. */
export async function liveRows(schoolId: number, where: ReturnType<typeof sql>): Promise<LiveRow[]> {
  const db = await getDb();
  return resultRows<LiveRow>(
    await db.execute(sql`
      select c.id, c.session_id, c.live_status, c.live_waiting_since, u.id as held_id, u.first_name as held_first, u.last_name as held_last,
             c.lead_data, c.live_pages, c.language, m.role as last_role, m.content as last_content, m.created_at as last_at
      from conversations c
      left join users u on u.id = c.live_held_by
      left join lateral (select role, content, created_at from conversation_messages where conversation_id = c.id order by position desc limit 1) m on true
      where c.school_id = ${schoolId} and c.live_status is not null and ${where}
      order by case c.live_status when 'waiting' then 0 when 'active' then 1 else 2 end, c.live_waiting_since nulls last, c.id desc
      limit 200`),
  );
}

/** The summaries of some conversations of one school, as they stand now. */
export async function liveSummaries(schoolId: number, ids: number[]): Promise<LiveConversationSummary[]> {
  if (!ids.length) return [];
  return (await liveRows(schoolId, sql`c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)).map(summaryOf);
}

/** How many of the school's visitors wait for a person. */
export async function waitingIn(schoolId: number): Promise<number> {
  const db = await getDb();
  const [row] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from conversations where school_id = ${schoolId} and live_status = 'waiting'`));
  return Number(row?.n ?? 0);
}
