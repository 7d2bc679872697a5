import { boolean, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    data: bytea('data').notNull(),
    // Logos and avatars are public (the widget shows them); documents are not served at all.
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blobs_school_idx').on(t.schoolId)],
);
