import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversations, knowledgeChunks, personalitySettings, personaSettings, schools } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';

// The dashboard's setup checklist for a new school: each step ticked from what the school has
// really done, never from a click on the list.

export type SetupStep = { key: 'profile' | 'knowledge' | 'assistant' | 'widget' | 'test_chat'; label: string; hint: string; href: string; done: boolean };

/** Knowledge staff added (the profile's own passages, action prompts and corrections do not count). */
const ADDED_KNOWLEDGE = ['fact_sheet', 'web_link', 'web_page', 'file', 'file_text', 'interview', 'interview_transcript'] as const;

const exists = async (query: Promise<unknown[]>) => (await query).length > 0;

/** The five steps, done or not; null for an account without a school (the dashboard says to create one). */
export async function setupChecklist(ctx: AuthContext): Promise<SetupStep[] | null> {
  if (ctx.schoolId === null) return null;
  const schoolId = ctx.schoolId;
  const db = await getDb();
  const one = <T>(q: { limit: (n: number) => Promise<T[]> }) => q.limit(1);
  const [[school], knowledge, persona, personality, onSite, tested] = await Promise.all([
    db.select({ websiteUrl: schools.websiteUrl, contactPoints: schools.contactPoints }).from(schools).where(eq(schools.id, schoolId)).limit(1),
    exists(one(db.select({ x: sql`1` }).from(knowledgeChunks).where(and(eq(knowledgeChunks.schoolId, schoolId), inArray(knowledgeChunks.sourceType, [...ADDED_KNOWLEDGE]))))),
    exists(one(db.select({ x: sql`1` }).from(personaSettings).where(eq(personaSettings.schoolId, schoolId)))),
    exists(one(db.select({ x: sql`1` }).from(personalitySettings).where(eq(personalitySettings.schoolId, schoolId)))),
    exists(one(db.select({ x: sql`1` }).from(conversations).where(and(eq(conversations.schoolId, schoolId), eq(conversations.source, 'widget'))))),
    exists(one(db.select({ x: sql`1` }).from(conversations).where(and(eq(conversations.schoolId, schoolId), eq(conversations.source, 'test_chat'))))),
  ]);
  if (!school) return null;
  const reachable = school.contactPoints.some((c) => c.email || c.phone);
  return [
    { key: 'profile', label: 'Complete your school profile', hint: 'Your website and how families reach admissions (a contact with an e-mail or phone).', href: '/dashboard/school', done: !!school.websiteUrl && reachable },
    { key: 'knowledge', label: 'Add what the assistant should know', hint: 'Your web pages, documents or fact sheet in the Training Room.', href: '/dashboard/training-room', done: knowledge },
    { key: 'assistant', label: 'Shape your assistant', hint: 'Its name, role and personality in AI Customization.', href: '/dashboard/ai-customization', done: persona || personality },
    { key: 'widget', label: 'Put the chat on your website', hint: 'Paste the embed code from Chatbot > API Key; ticked when the chat first loads on your site.', href: '/dashboard/chatbot', done: onSite },
    { key: 'test_chat', label: 'Have a first test chat', hint: 'Ask what families ask in Chatbot > Test Your Chatbot.', href: '/dashboard/chatbot', done: tested },
  ];
}
