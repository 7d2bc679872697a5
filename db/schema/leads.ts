import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AskLevel, CollectionMode, LeadSource } from './lead-values';
import { schools } from './schools';
import { users } from './users';

export { LEAD_SOURCES, type LeadSource } from './lead-values';

/**
 * The text the Leads page searches (names, e-mail, phone), lower case. Phones are stored in E.164
 * (+ and digits), so a number typed any way is found by its digits.
 * The query must use exactly this expression for Postgres to use the trigram index.
 */
export const LEAD_SEARCH_TEXT =
  "lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(preferred_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))";

// A lead made in chat is tied to its widget session (one lead per session).
export const leads = pgTable(
  'leads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    preferredName: text('preferred_name'),
    email: text('email'),
    phone: text('phone'),
    phoneType: text('phone_type'),
    source: text('source').$type<LeadSource>().notNull(),
    graduationYear: integer('graduation_year'),
    intendedMajor: jsonb('intended_major').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    degreeLevel: text('degree_level'),
    stateProvince: text('state_province'),
    parentEmail: text('parent_email'),
    parentPhone: text('parent_phone'),
    conversationCount: integer('conversation_count').notNull().default(1),
    lastInteractionAt: timestamp('last_interaction_at', { withTimezone: true }).notNull().defaultNow(),
    sessionId: text('session_id'),
    dateOfBirth: text('date_of_birth'),
    optInEmail: boolean('opt_in_email'),
    optInSms: boolean('opt_in_sms'),
    optInPhone: boolean('opt_in_phone'),
    gpa: real('gpa'),
    isTest: boolean('is_test').notNull().default(false),
    /** The visitor asked to reach a person (the widget's 'Talk to a person'). */
    handoffAt: timestamp('handoff_at', { withTimezone: true }),
    /** What the visitor asked the office in the 'Talk to a person' form (the latest), kept with the lead whatever the logging. */
    handoffQuestion: text('handoff_question'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_session_idx').on(t.schoolId, t.sessionId),
    index('leads_school_created_idx').on(t.schoolId, t.createdAt),
    // The Leads page's default order and its counts: real leads only, newest first, read from the index.
    index('leads_school_real_created_idx').on(t.schoolId, t.createdAt, t.id).where(sql`not ${t.isTest}`),
    // The Leads page's search: one trigram index over the searched text, see LEAD_SEARCH_TEXT.
    index('leads_search_trgm_idx').using('gin', sql`(${sql.raw(LEAD_SEARCH_TEXT)}) gin_trgm_ops`),
  ],
);

// Each export staff record (POST /leads/export/track). A normal export
// (since the last one) sets `marks_until`, the upper bound of the leads it covered; the school's
// last export date is the latest of them. A custom date range is recorded without a mark.
export const leadExports = pgTable(
  'lead_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    exportType: text('export_type').$type<'CSV' | 'JSON'>().notNull(),
    fromDate: timestamp('from_date', { withTimezone: true }),
    toDate: timestamp('to_date', { withTimezone: true }),
    fieldCount: integer('field_count').notNull(),
    leadCount: integer('lead_count').notNull(),
    marksUntil: timestamp('marks_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_exports_school_mark_idx').on(t.schoolId, t.marksUntil)],
);

export { ASK_LEVELS, COLLECTION_MODES, type AskLevel, type CollectionMode } from './lead-values';

// One row per school once saved.
export const leadGenSettings = pgTable('lead_gen_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  collectionMode: text('collection_mode').$type<CollectionMode>().notNull().default('conversational'),
  fieldOrder: jsonb('field_order').$type<string[]>().notNull(),
  fieldSettings: jsonb('field_settings').$type<Record<string, AskLevel>>().notNull(),
  minimumRequirements: text('minimum_requirements').notNull(),
  collectionInstructions: text('collection_instructions').notNull().default(''),
  smartCardInstructions: text('smart_card_instructions').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const CONSENT_CHANNELS = ['email', 'sms', 'phone'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

// Each consent a visitor gave or withdrew (a lead's opt-in changing): what they were asked, by
// which way, and when. Goes with its lead (an erasure, a retention window, a deletion).
export const leadConsents = pgTable(
  'lead_consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ConsentChannel>().notNull(),
    granted: boolean('granted').notNull(),
    /** The question or the form's text the answer was given to. */
    asked: text('asked').notNull(),
    source: text('source').$type<LeadSource>().notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_consents_lead_idx').on(t.leadId, t.channel, t.id)],
);
