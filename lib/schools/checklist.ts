import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getDb } from '@/db/client';
import { conversationMessages, conversations, knowledgeChunks, personalitySettings, personaSettings, schools } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { SCREENS } from '@/lib/web/screens';

// The dashboard's setup checklist for a new school: each step ticked from what the school has
// really done, never from a click on the list.

export type SetupStep = { key: 'profile' | 'knowledge' | 'assistant' | 'widget' | 'test_chat'; label: string; hint: string; href: string; done: boolean };

/** Knowledge staff added (the profile's own passages, action prompts and corrections do not count). */
const ADDED_KNOWLEDGE = ['fact_sheet', 'web_link', 'web_page', 'file', 'file_text', 'interview', 'interview_transcript'] as const;

/** The five steps, done or not (null without a school): the profile's fields and whether each of the other steps has a row behind it, in one statement. */
export async function setupChecklist(ctx: AuthContext): Promise<SetupStep[] | null> {
  if (ctx.schoolId === null) return null;
  const schoolId = ctx.schoolId;
  const db = await getDb();
  const has = (table: PgTable & { schoolId: PgColumn }, ...more: SQL[]) => sql<boolean>`exists (${db.select({ x: sql`1` }).from(table).where(and(eq(table.schoolId, schoolId), ...more))})`;
  const [school] = await db
    .select({
      websiteUrl: schools.websiteUrl,
      contactPoints: schools.contactPoints,
      knowledge: has(knowledgeChunks, inArray(knowledgeChunks.sourceType, [...ADDED_KNOWLEDGE])),
      persona: has(personaSettings),
      personality: has(personalitySettings),
      onSite: has(conversations, eq(conversations.source, 'widget')),
      tested: has(conversations, eq(conversations.source, 'test_chat')),
      // A visitor's message in any conversation (the test chat or a family on the site): a school
      // already chatting has had its first chat (issue 48).
      chatted: has(conversationMessages, eq(conversationMessages.role, 'user')),
    })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  if (!school) return null;
  const reachable = school.contactPoints.some((c) => c.email || c.phone);
  return [
    { key: 'profile', label: 'Complete your school profile', hint: 'Your website and how families reach admissions (a contact with an e-mail or phone).', href: SCREENS.school.path, done: !!school.websiteUrl && reachable },
    { key: 'knowledge', label: 'Add what the assistant should know', hint: 'Your web pages, documents or fact sheet in the Training Room.', href: SCREENS['training-room'].path, done: school.knowledge },
    { key: 'assistant', label: 'Shape your assistant', hint: 'Its name, role and personality in AI Customization.', href: SCREENS['ai-customization'].path, done: school.persona || school.personality },
    { key: 'widget', label: 'Put the chat on your website', hint: 'Paste the embed code from Chatbot > API Key; ticked when the chat first loads on your site.', href: SCREENS.chatbot.path, done: school.onSite },
    { key: 'test_chat', label: 'Have a first test chat', hint: 'Ask what families ask in Chatbot > Test Your Chatbot (a family chatting on your site counts too).', href: SCREENS.chatbot.path, done: school.tested || school.chatted },
  ];
}
