import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';
import { users } from './users';

export const ERASURE_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ErasureStatus = (typeof ERASURE_STATUSES)[number];

/** What was given to find the person, kept in clear only until the erasure has run. */
export type ErasureIdentifiers = { email?: string; phone?: string; lead_id?: number; session_id?: string };

// One request to erase a person from a school (lib/privacy/erasure.ts). The identifiers are kept
// as keyed hashes (a second request for the same address is recognised, nobody can read it back);
// `pending` holds them in clear for the job and is cleared in the transaction that completes it.
export const privacyErasures = pgTable(
  'privacy_erasures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<ErasureStatus>().notNull().default('queued'),
    subjectHashes: jsonb('subject_hashes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    pending: jsonb('pending').$type<ErasureIdentifiers | null>(),
    erased: jsonb('erased').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    error: text('error'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('privacy_erasures_school_idx').on(t.schoolId, t.id)],
);

export type PrivacyErasureRow = typeof privacyErasures.$inferSelect;
