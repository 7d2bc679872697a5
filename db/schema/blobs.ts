import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { schools } from './schools';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

// Uploads live in Postgres so they work on serverless hosts too; served from /uploads/{id}.
export const blobs = pgTable(
  'blobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    filename: text('filename'),
    size: integer('size').notNull(),
    // Small uploads keep their bytes here; large ones are split into blob_parts (see lib/storage/blobs.ts).
    data: bytea('data').notNull(),
    // Logos and avatars are public (the widget shows them); documents are not served at all.
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blobs_school_idx').on(t.schoolId)],
);

// Parts of a large upload, 1 MiB each: a single huge bytea parameter makes the embedded database
// hold several copies of it at once, parts keep the peak small on both drivers.
export const blobParts = pgTable(
  'blob_parts',
  {
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blobs.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.idx] })],
);
