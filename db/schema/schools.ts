import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type ContactPoint = { name: string; phone?: string | null; email?: string | null; website?: string | null };

// A new school's defaults are the columns' defaults (4-year, bachelor, public, non-profit, Inter).
export const schools = pgTable('schools', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  locations: jsonb('locations').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  websiteUrl: text('website_url'),
  classification: text('classification').notNull().default('4_year'),
  degreeLevels: jsonb('degree_levels').$type<string[]>().notNull().default(sql`'["bachelor"]'::jsonb`),
  institutionControl: text('institution_control').notNull().default('public'),
  taxStatus: text('tax_status').notNull().default('non_profit'),
  religiousAffiliation: text('religious_affiliation'),
  accreditationInfo: text('accreditation_info'),
  mascot: text('mascot'),
  primaryColor: text('primary_color').notNull().default('#000000'),
  secondaryColor: text('secondary_color').notNull().default('#ffffff'),
  tertiaryColor: text('tertiary_color').notNull().default('#cccccc'),
  logoUrl: text('logo_url'),
  fontFamily: text('font_family').notNull().default('Inter'),
  contactPoints: jsonb('contact_points').$type<ContactPoint[]>().notNull().default(sql`'[]'::jsonb`),
  tuitionInfo: text('tuition_info'),
  tuitionInstructions: text('tuition_instructions'),
  socialMediaLinks: jsonb('social_media_links').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  // The IANA zone the school's days are counted in (reports, the daily rollup).
  timeZone: text('time_zone').notNull().default('UTC'),
  // Bumped by database triggers (migration 0012) whenever the school's knowledge passages, or anything
  // its assistant is told, change: the chat engine's in-process caches compare them on each message.
  // Manage Prospects and Campaigns stay hidden until a superuser turns them on for the school.
  prospectsEnabled: boolean('prospects_enabled').notNull().default(false),
  knowledgeVersion: integer('knowledge_version').notNull().default(0),
  assistantVersion: integer('assistant_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type School = typeof schools.$inferSelect;
