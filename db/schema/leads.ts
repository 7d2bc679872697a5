import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AskLevel, CollectionMode } from './lead-values';
import { schools } from './schools';

export const LEAD_SOURCES = ['chatbot_conversation', 'chatbot_quickinfocard'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

// Spec 002 §3.3. A lead made in chat is tied to its widget session (one lead per session).
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
    /** Issue 26: the visitor asked to reach a person (the widget's 'Talk to a person'). */
    handoffAt: timestamp('handoff_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('leads_session_idx').on(t.schoolId, t.sessionId), index('leads_school_created_idx').on(t.schoolId, t.createdAt)],
);

export { ASK_LEVELS, COLLECTION_MODES, type AskLevel, type CollectionMode } from './lead-values';

// Spec 002 §3.2, one row per school once saved.
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
