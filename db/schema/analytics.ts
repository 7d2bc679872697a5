import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, integer, jsonb, pgTable, primaryKey, real, smallint, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export * from './analytics-values';

// One row per school and local day (in the school's time zone), filled by the daily stats task and
// POST /conversations/stats/generate-daily (lib/analytics/rollup.ts defines every column). Reports
// and Analytics read closed days from it and count only the other days live. Test chats are not counted.
export const conversationDailyStats = pgTable(
  'conversation_daily_stats',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    conversations: integer('conversations').notNull().default(0),
    widgetLoaded: integer('widget_loaded').notNull().default(0),
    widgetOpened: integer('widget_opened').notNull().default(0),
    engaged: integer('engaged').notNull().default(0),
    messages: integer('messages').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    /** The day's leads by source ({chatbot_conversation: 3, ...}). */
    leadSources: jsonb('lead_sources').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    avgResponseTimeMs: real('avg_response_time_ms'),
    // The Analytics summary's figures. Sessions by their start day: handoffs, the summed duration of
    // engaged sessions, starts by local hour (24 counts), and for sessions with a lead the messages
    // sent up to the lead. Messages by the day they were sent: count, characters, response times.
    // Leads by their day: with e-mail / phone / both. Analysed visitor messages by the day sent:
    // how many, by sentiment and by topic.
    handoffs: integer('handoffs').notNull().default(0),
    engagedSeconds: doublePrecision('engaged_seconds').notNull().default(0),
    byHour: integer('by_hour').array().notNull().default(sql`'{}'::int[]`),
    leadConversations: integer('lead_conversations').notNull().default(0),
    messagesBeforeLeads: integer('messages_before_leads').notNull().default(0),
    messagesSent: integer('messages_sent').notNull().default(0),
    characters: bigint('characters', { mode: 'number' }).notNull().default(0),
    responseTimeSumMs: doublePrecision('response_time_sum_ms').notNull().default(0),
    responseCount: integer('response_count').notNull().default(0),
    leadsWithEmail: integer('leads_with_email').notNull().default(0),
    leadsWithPhone: integer('leads_with_phone').notNull().default(0),
    leadsWithBoth: integer('leads_with_both').notNull().default(0),
    analyzedTurns: integer('analyzed_turns').notNull().default(0),
    sentiments: jsonb('sentiments').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    topics: jsonb('topics').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    /** Which definition wrote the row (ROLLUP_VERSION in lib/analytics/rollup.ts): rows of an older one lack columns and count live. */
    rollupVersion: smallint('rollup_version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day] })],
);
