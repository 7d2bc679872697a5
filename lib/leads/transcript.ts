import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, resultRows, type Database } from '@/db/client';
import { conversationReference } from '@/lib/conversations/reference';
import { speakerOf } from '@/lib/conversations/speaker';

// A lead's conversation as plain text: GET /leads/{id}/conversation shows it, prints it
// and downloads it; the CRM delivery sends it as chat_history. A lead's conversations are those
// linked to it and the one of its session (a returning visitor has several), oldest first.

export type LeadConversationMessage = {
  message_index: number;
  /** system: an event of a live chat (a person joined, handed back, closed; a wait ran out). */
  role: 'user' | 'assistant' | 'staff' | 'system';
  content: string;
  /** A staff message's author (first name). */
  author?: string | null;
  timestamp: string;
  /** Staff rating of an assistant answer. */
  rating: 'excellent' | 'poor' | null;
  sentiment: string | null;
  topics: string[];
};

/** `session_id` is the conversation's reference (lib/conversations/reference.ts), not the widget's session id. */
export type LeadConversation = { conversation_id: number; session_id: string; started_at: string; messages: LeadConversationMessage[] };

/** The lead's conversations with their visitor and assistant messages, oldest first; null when the lead is not the school's. */
export async function leadConversations(schoolId: number, leadId: number, db?: Database): Promise<LeadConversation[] | null> {
  const d = db ?? (await getDb());
  const [lead] = resultRows<{ session_id: string | null }>(await d.execute(sql`select session_id from leads where id = ${leadId} and school_id = ${schoolId}`));
  if (!lead) return null;
  const rows = resultRows<{ conversation_id: number; session_id: string; started_at: string; messages: LeadConversationMessage[] | string | null }>(
    await d.execute(sql`
      select c.id as conversation_id, c.session_id,
        to_char(c.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as started_at,
        (select json_agg(json_build_object(
            'message_index', m.position, 'role', m.role, 'content', m.content, 'author', m.author_name,
            'timestamp', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'rating', r.rating, 'sentiment', m.sentiment,
            'topics', coalesce((select json_agg(t->>'category') from jsonb_array_elements(case when jsonb_typeof(m.topics) = 'array' then m.topics else '[]'::jsonb end) t), '[]'::json)
          ) order by m.position)
          from conversation_messages m
          left join conversation_ratings r on r.conversation_id = m.conversation_id and r.message_index = m.position
          where m.conversation_id = c.id and m.role in ('user', 'assistant', 'staff', 'system')) as messages
      from conversations c
      where c.school_id = ${schoolId} and (c.lead_id = ${leadId}${lead.session_id ? sql` or c.session_id = ${lead.session_id}` : sql``})
      order by c.started_at, c.id`),
  );
  return rows.map((r) => ({
    conversation_id: Number(r.conversation_id),
    session_id: conversationReference(r.session_id),
    started_at: r.started_at,
    messages: (typeof r.messages === 'string' ? JSON.parse(r.messages) : (r.messages ?? [])) as LeadConversationMessage[],
  }));
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;


/** The conversations as plain text: a heading per conversation, then "Visitor:", "Assistant:" and staff turns. */
export function transcriptText(conversations: LeadConversation[]): string {
  return conversations
    .filter((c) => c.messages.length > 0)
    .map((c) => [`Conversation started ${when(c.started_at)}`, ...c.messages.map((m) => `${speakerOf(m)}: ${m.content}`)].join('\n\n'))
    .join('\n\n---\n\n');
}

/**
 * The plain-text transcript of a lead's conversation: null when the lead (of this school) has no
 * conversation, '' when its conversations hold no messages.
 */
export async function leadTranscript(schoolId: number, leadId: number, db?: Database): Promise<string | null> {
  const conversations = await leadConversations(schoolId, leadId, db);
  if (!conversations || conversations.length === 0) return null;
  return transcriptText(conversations);
}
