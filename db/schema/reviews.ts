import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { conversations } from './chat';
import { schools } from './schools';
import { users } from './users';

// Staff rate the assistant's answers in the logs. One rating per assistant
// message; it goes with its conversation (retention deletes both).
export const RATINGS = ['excellent', 'poor'] as const;
export type Rating = (typeof RATINGS)[number];
export const RATING_CATEGORIES = ['accuracy', 'tone', 'helpfulness', 'lead_capture', 'other'] as const;
export type RatingCategory = (typeof RATING_CATEGORIES)[number];

export const conversationRatings = pgTable(
  'conversation_ratings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The rated assistant message's position in its conversation. */
    messageIndex: integer('message_index').notNull(),
    rating: text('rating').$type<Rating>().notNull(),
    adminNotes: text('admin_notes').notNull(),
    category: text('category').$type<RatingCategory>(),
    /** Question-and-answer pairs before the rated answer that training data carries (1–4). */
    contextTurns: smallint('context_turns').notNull().default(2),
    ratedBy: integer('rated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conversation_ratings_message_idx').on(t.conversationId, t.messageIndex), index('conversation_ratings_school_created_idx').on(t.schoolId, t.createdAt)],
);

// Staff corrections (`/corrections/`): the answer the assistant should have given
// to a question, a question-and-answer knowledge item of the school that retrieval prefers.
export const corrections = pgTable(
  'corrections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** The poor rating it fixes, when it came from one; kept if the rating goes. */
    ratingId: integer('rating_id').references(() => conversationRatings.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('corrections_school_idx').on(t.schoolId)],
);
