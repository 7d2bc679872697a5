import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { leads } from './leads';
import { schools } from './schools';

export const API_KEY_KINDS = ['public', 'internal'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

// The widget's keys: one public key (pasted into the school's site) and one internal key (test
// chat) per school. Looked up by SHA-256; kept encrypted (AES-256-GCM) so staff can see them again.
// Regenerating replaces the row, so the old key stops working at once.
export const widgetApiKeys = pgTable(
  'widget_api_keys',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ApiKeyKind>().notNull(),
    keyHash: text('key_hash').notNull(),
    keyEncrypted: text('key_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.kind] }), uniqueIndex('widget_api_keys_hash_idx').on(t.keyHash)],
);

// Spec 002 §3.11 logging settings, plus the extra sites allowed to embed the widget.
export const chatbotSettings = pgTable('chatbot_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  enableWidgetLogging: boolean('enable_widget_logging').notNull().default(true),
  retentionDays: integer('retention_days').notNull().default(90),
  autoDeleteEnabled: boolean('auto_delete_enabled').notNull().default(false),
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Spec 002 §3.1: the styling object as saved (validated by lib/widget/styling.ts; defaults fill the rest).
export const widgetStyling = pgTable('widget_styling', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  styling: jsonb('styling').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const CONVERSATION_STATUSES = ['widget_loaded', 'opened', 'engaged'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export const CONVERSATION_SOURCES = ['widget', 'test_chat'] as const;
export type ConversationSource = (typeof CONVERSATION_SOURCES)[number];

// Spec 002 §3.7–§3.8: one row per widget session (a page view that loaded the widget), kept only
// while the school's logging is on. The client address is a keyed hash, never the address.
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    source: text('source').$type<ConversationSource>().notNull().default('widget'),
    status: text('status').$type<ConversationStatus>().notNull().default('widget_loaded'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
    widgetOpenedAt: timestamp('widget_opened_at', { withTimezone: true }),
    engagedAt: timestamp('engaged_at', { withTimezone: true }),
    messageCount: integer('message_count').notNull().default(0),
    clientHash: text('client_hash'),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** Lead fields gathered from the visitor's messages so far (conversational capture). */
    leadData: jsonb('lead_data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [uniqueIndex('conversations_session_idx').on(t.schoolId, t.sessionId), index('conversations_school_started_idx').on(t.schoolId, t.startedAt)],
);

export const MESSAGE_ROLES = ['user', 'assistant', 'system'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

// Spec 002 §3.9. `position` is the message_index staff and visitors rate by.
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role').$type<MessageRole>().notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Time from the question's arrival to the full answer (assistant messages). */
    responseTimeMs: integer('response_time_ms'),
    /** The visitor's thumbs: 1 up, -1 down. */
    userFeedbackRating: smallint('user_feedback_rating'),
    /** Which knowledge passages the answer drew on: [{source_type, source_id, title}]. */
    sources: jsonb('sources').$type<{ source_type: string; source_id: string; title: string }[]>(),
    model: text('model'),
  },
  (t) => [uniqueIndex('conversation_messages_position_idx').on(t.conversationId, t.position)],
);
