import { sql } from 'drizzle-orm';
import { date, integer, jsonb, pgTable, primaryKey, real, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export * from './analytics-values';

// Issue 19: one row per school and day (the school's local day in its time zone since issue 22), filled by the daily stats task and
// POST /conversations/stats/generate-daily; the reports issue reads closed days from it. Test chats
// are not counted.
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
    /** Issue 22: the day's leads by source ({chatbot_conversation: 3, ...}). */
    leadSources: jsonb('lead_sources').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    avgResponseTimeMs: real('avg_response_time_ms'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day] })],
);
