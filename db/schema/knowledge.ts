import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';


// web_link, file and interview hold the insights staff read and edit; web_page, file_text and
// interview_transcript the full text they came from, so a fact the summary left out is still found;
// correction a staff correction (its question as title, its answer as text), which chat prefers.
export const KNOWLEDGE_SOURCES = ['school', 'fact_sheet', 'web_link', 'web_page', 'file', 'file_text', 'interview', 'interview_transcript', 'action_prompt', 'correction'] as const;
export type KnowledgeSource = (typeof KNOWLEDGE_SOURCES)[number];

// The retrieval index: passages of a school's knowledge, searched with Postgres full-text search
// (works on PGlite and Postgres alike). Rebuilt per source whenever that source changes.
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    sourceType: text('source_type').$type<KnowledgeSource>().notNull(),
    sourceId: text('source_id').notNull().default(''),
    title: text('title').notNull(),
    content: text('content').notNull(),
    // The page a passage was read from (web links), so an answer can cite it with a link.
    url: text('url'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_chunks_source_idx').on(t.schoolId, t.sourceType, t.sourceId)],
);

// The school's own words for things (its dining hall's name, its shuttle's nickname), each
// group added to the built-in admissions vocabulary. A change bumps knowledge_version (migration
// 0015), so the chat index is rebuilt with it.
export const schoolVocabulary = pgTable('school_vocabulary', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  groups: jsonb('groups').$type<string[][]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
