import { boolean, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

// Who the assistant is and how it behaves, one row of each per school.
export const personaSettings = pgTable('persona_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  aiName: text('ai_name').notNull(),
  roleDescription: text('role_description').notNull().default(''),
  avatarUrl: text('avatar_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const personalitySettings = pgTable('personality_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  tone: text('tone').notNull(),
  formality: text('formality').notNull(),
  responseStyle: text('response_style').notNull(),
  enthusiasm: text('enthusiasm').notNull(),
  empathyLevel: text('empathy_level').notNull(),
  humorLevel: text('humor_level').notNull(),
  personalityTraits: jsonb('personality_traits').$type<string[]>().notNull(),
  customInstructions: text('custom_instructions').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const voiceSettings = pgTable('voice_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  voiceId: text('voice_id').notNull(),
  voiceName: text('voice_name').notNull(),
  stability: real('stability').notNull(),
  similarityBoost: real('similarity_boost').notNull(),
  style: real('style').notNull(),
  useSpeakerBoost: boolean('use_speaker_boost').notNull(),
  previewText: text('preview_text'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const specialInstructions = pgTable(
  'special_instructions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    instructionText: text('instruction_text').notNull(),
    instructionType: text('instruction_type').notNull().default('general'),
    priority: integer('priority').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('special_instructions_school_idx').on(t.schoolId, t.priority)],
);
