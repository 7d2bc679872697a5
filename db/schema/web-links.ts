import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export const SCRAPE_STATUSES = ['pending', 'processing', 'completed', 'completed_manual', 'manual_required', 'failed'] as const;

/** A page a read of the link found: its canonical address and its title. */
export type PageRead = { url: string; title: string };
export type ScrapeStatus = (typeof SCRAPE_STATUSES)[number];

// A page of the school's website the assistant learns from.
export const webLinks = pgTable(
  'web_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    drillIntoSubpages: boolean('drill_into_subpages').notNull().default(false),
    insightsSummary: text('insights_summary'),
    scrapeStatus: text('scrape_status').$type<ScrapeStatus>().notNull().default('pending'),
    pagesScraped: integer('pages_scraped').notNull().default(0),
    pagesRead: jsonb('pages_read').$type<PageRead[]>().notNull().default([]),
    scrapeError: text('scrape_error'),
    lastScrapedAt: timestamp('last_scraped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('web_links_school_url_uq').on(t.schoolId, sql`lower(${t.url})`), index('web_links_school_idx').on(t.schoolId)],
);
