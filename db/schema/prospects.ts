import { sql, type SQL } from 'drizzle-orm';
import { customType, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { blobs } from './blobs';
import { schools } from './schools';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const PROSPECT_BATCH_STATUSES = ['processing', 'completed', 'failed', 'undone'] as const;
export type ProspectBatchStatus = (typeof PROSPECT_BATCH_STATUSES)[number];
export type ProspectRowError = { line: number; column?: string; message: string };
export type StoredFieldMapping = { source_column: string; target_field: string; is_custom: boolean };

// One import of a prospect file: its stored file, progress and outcome. Undoing it
// removes the prospects it created and restores the ones it changed.
export const prospectBatches = pgTable(
  'prospect_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    fileType: text('file_type').$type<'csv' | 'xlsx'>().notNull(),
    encoding: text('encoding'),
    blobId: uuid('blob_id').references(() => blobs.id, { onDelete: 'set null' }),
    fieldMappings: jsonb('field_mappings').$type<StoredFieldMapping[]>().notNull(),
    status: text('status').$type<ProspectBatchStatus>().notNull().default('processing'),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors').$type<ProspectRowError[]>().notNull().default(sql`'[]'::jsonb`),
    message: text('message'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('prospect_batches_school_idx').on(t.schoolId, t.createdAt)],
);

// A person on the school's prospect list, entered by hand or imported, with any custom fields.
export const prospects = pgTable(
  'prospects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    internalId: uuid('internal_id').notNull().defaultRandom(),
    externalId: text('external_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    addressStreet1: text('address_street1'),
    addressStreet2: text('address_street2'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    addressZip: text('address_zip'),
    addressCountry: text('address_country'),
    status: text('status'),
    anticipatedProgram: text('anticipated_program'),
    anticipatedStartDate: date('anticipated_start_date', { mode: 'string' }),
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** The import that created the prospect (null when entered by hand). */
    batchId: uuid('batch_id').references(() => prospectBatches.id, { onDelete: 'set null' }),
    /** The import that last changed it: only that import's undo may restore its earlier values. */
    updatedBatchId: uuid('updated_batch_id').references(() => prospectBatches.id, { onDelete: 'set null' }),
    searchText: tsvector('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('simple', regexp_replace(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(external_id, '')), '[^[:alnum:]]+', ' ', 'g'))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prospects_school_created_idx').on(t.schoolId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('prospects_school_external_id_key').on(t.schoolId, t.externalId).where(sql`external_id is not null`),
    uniqueIndex('prospects_school_email_key').on(t.schoolId, sql`lower(email)`).where(sql`email is not null`),
    index('prospects_batch_idx').on(t.batchId),
    index('prospects_updated_batch_idx').on(t.updatedBatchId),
    index('prospects_search_idx').using('gin', t.searchText),
  ],
);

// The values a re-import overwrote, so undoing that import can put them back.
export const prospectBatchPrevious = pgTable(
  'prospect_batch_previous',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => prospectBatches.id, { onDelete: 'cascade' }),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    previous: jsonb('previous').notNull(),
  },
  (t) => [uniqueIndex('prospect_batch_previous_key').on(t.batchId, t.prospectId)],
);
