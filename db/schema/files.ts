import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { blobs } from './blobs';
import { schools } from './schools';

export const ANALYSIS_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];
export const DOCUMENT_KINDS = ['pdf', 'docx', 'doc', 'txt', 'md'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

// An uploaded document the assistant learns from. The bytes live in `blobs` (private).
export const knowledgeFiles = pgTable(
  'knowledge_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    originalFilename: text('original_filename').notNull(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    fileSize: integer('file_size').notNull(),
    blobId: uuid('blob_id').references(() => blobs.id, { onDelete: 'set null' }),
    analysisStatus: text('analysis_status').$type<AnalysisStatus>().notNull().default('pending'),
    analysisError: text('analysis_error'),
    insightsSummary: text('insights_summary'),
    lastAnalyzedAt: timestamp('last_analyzed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_files_school_idx').on(t.schoolId)],
);
