import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './schools';
import { users } from './users';

/** One span of office hours: a weekday (0 Sunday … 6 Saturday) from start to end, "HH:MM" in the school's time zone. */
export type OfficeHours = { day: number; start: string; end: string };

// Live chat (staff take over a conversation): the school's settings. No row: off, with the defaults.
export const liveChatSettings = pgTable('live_chat_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  officeHours: jsonb('office_hours').$type<OfficeHours[]>().notNull().default(sql`'[]'::jsonb`),
  /** Minutes a visitor waits for a person before the handoff form (and a dropped staff member's conversation waits before it is waiting again). */
  waitMinutes: integer('wait_minutes').notNull().default(3),
  /** Who is e-mailed when a visitor's wait runs out (null: the school's admissions contact). */
  notifyEmail: text('notify_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Who is ready to chat: set from the Live view; `seen_at` is kept fresh while the view is open
// (one statement per instance every 30 seconds), so availability lapses 2 minutes after it closes.
export const livePresence = pgTable(
  'live_presence',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    available: boolean('available').notNull().default(false),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId] })],
);

// Saved replies (lib/live/saved-replies.ts): a school's short texts staff insert in a live chat by
// typing "/". A title names one reply once per school, whatever its case, so the picker never shows twins.
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_replies_school_title_idx').on(t.schoolId, sql`lower(${t.title})`)],
);
