import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export type Deadline = { name: string; date: string; description?: string | null };

// One fact sheet per school.
export const factSheets = pgTable('fact_sheets', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  programs: jsonb('programs').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  athleticTeams: jsonb('athletic_teams').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  studentClubs: jsonb('student_clubs').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  importantDeadlines: jsonb('important_deadlines').$type<Deadline[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
