import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversations, type LivePage } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { conflict } from '@/lib/http/errors';
import type { WidgetCaller } from '@/lib/widget/access';
import { publish } from './bus';
import { liveRefusal } from './conversations';
import { assertMayChat } from './settings';
import { LIVE_PAGES_KEPT, type VisitorPage } from './schema';

// What each side of a live chat sees of the other besides messages: that the other is typing (a
// passing signal, never stored) and the page of the site the visitor is on (kept with the
// conversation, the last pages only).

const NOT_WITH_A_PERSON = 'This conversation is not with a person now';
const live = inArray(conversations.liveStatus, ['waiting', 'active']);

/** POST /api/widget/live/typing: the visitor is writing; the Live view shows it for a few seconds. */
export async function visitorTyping(caller: WidgetCaller, sessionId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.schoolId, caller.schoolId), eq(conversations.sessionId, sessionId), live))
    .limit(1);
  if (!row) throw conflict(NOT_WITH_A_PERSON);
  await publish({ school: caller.schoolId, conversation: row.id, session: sessionId, kind: 'typing', from: 'visitor' });
}

/** POST /live/conversations/{id}/typing: the staff member holding the conversation is writing. */
export async function staffTyping(ctx: AuthContext, id: number): Promise<void> {
  const schoolId = assertMayChat(ctx);
  const db = await getDb();
  const [row] = await db
    .select({ session: conversations.sessionId })
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId), eq(conversations.liveStatus, 'active'), eq(conversations.liveHeldBy, ctx.user.id)))
    .limit(1);
  if (!row) throw await liveRefusal(schoolId, id, ctx.user.id);
  const agent = ctx.user.firstName?.trim() || ctx.user.username;
  await publish({ school: schoolId, conversation: id, session: row.session, kind: 'typing', from: 'staff', agent });
}

/** withPage (./schema) as one statement, so two pages opened at once both count. */
const appendedPages = (page: LivePage) => sql`(
  select coalesce(jsonb_agg(p order by n), '[]'::jsonb) from (
    select p, n from jsonb_array_elements(
      case when ${conversations.livePages} -> -1 ->> 'url' = ${page.url} then coalesce(${conversations.livePages}, '[]'::jsonb) - (-1) else coalesce(${conversations.livePages}, '[]'::jsonb) end
      || jsonb_build_array(${JSON.stringify(page)}::jsonb)
    ) with ordinality as e(p, n)
    order by n desc limit ${LIVE_PAGES_KEPT}
  ) kept
)`;

/** POST /api/widget/live/page (and a request for a person made from a page): where the visitor is now. */
export async function visitorOnPage(caller: WidgetCaller, sessionId: string, visited: VisitorPage, now = new Date()): Promise<void> {
  const db = await getDb();
  const page: LivePage = { url: visited.url, title: visited.title, at: now.toISOString() };
  const [row] = await db
    .update(conversations)
    .set({ livePages: appendedPages(page) })
    .where(and(eq(conversations.schoolId, caller.schoolId), eq(conversations.sessionId, sessionId), live))
    .returning({ id: conversations.id });
  if (!row) throw conflict(NOT_WITH_A_PERSON);
  await publish({ school: caller.schoolId, conversation: row.id, session: sessionId, kind: 'page', page });
}
