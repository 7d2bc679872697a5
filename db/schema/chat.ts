import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Sentiment, TopicScore } from './analytics-values';
import { leads } from './leads';
import { schools } from './schools';
import { users } from './users';

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

// Logging settings (on, kept 90 days by default), plus the extra sites allowed to embed the widget.
export const chatbotSettings = pgTable('chatbot_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  enableWidgetLogging: boolean('enable_widget_logging').notNull().default(true),
  retentionDays: integer('retention_days').notNull().default(90),
  autoDeleteEnabled: boolean('auto_delete_enabled').notNull().default(false),
  /** Leads with no interaction for this many days are deleted (null: kept until deleted or erased). */
  leadRetentionDays: integer('lead_retention_days'),
  /** Prospects not updated for this many days are deleted (null: kept). */
  prospectRetentionDays: integer('prospect_retention_days'),
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  // Minutes of inactivity after which a returning visitor starts a new conversation.
  sessionTimeoutMinutes: integer('session_timeout_minutes').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// The styling object as saved (validated by lib/widget/styling.ts; defaults fill the rest).
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

// One row per widget session (a page view that loaded the widget), kept only while the school's
// logging is on. The client address is a keyed hash, never the address.
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
    /** The visitor's language (the one they wrote in, else the widget's), and when they asked for a person. */
    language: text('language'),
    handoffAt: timestamp('handoff_at', { withTimezone: true }),
    // Turn analysis: what the conversation was about and how the visitor felt, refreshed
    // whenever one of its visitor messages is analysed.
    overallSentiment: text('overall_sentiment').$type<Sentiment>(),
    topics: jsonb('topics').$type<{ category_name: string; confidence: number }[]>(),
    engagementScore: real('engagement_score'),
    keyPoints: jsonb('key_points').$type<string[]>(),
    analyzedAt: timestamp('analyzed_at', { withTimezone: true }),
    // Live chat (lib/live): waiting for a person, held by one, or ended; null: the assistant's alone.
    liveStatus: text('live_status').$type<LiveStatus>(),
    /** When the visitor began to wait (again, after a staff member's connection dropped). */
    liveWaitingSince: timestamp('live_waiting_since', { withTimezone: true }),
    liveHeldBy: integer('live_held_by').references(() => users.id, { onDelete: 'set null' }),
    /** When a person first joined: the conversation counts as handled by a person. */
    liveJoinedAt: timestamp('live_joined_at', { withTimezone: true }),
    /** The last staff message the widget has shown (it says so when it catches up): a closed chat's messages are served once. */
    liveSeenIndex: integer('live_seen_index').notNull().default(-1),
    /** A wait ran out and the school has not been mailed yet: the next sweep sends one digest per school. */
    liveMissedPending: boolean('live_missed_pending').notNull().default(false),
    /** The pages of the school's site the visitor opened during a live chat, latest last (at most 20): the Live view shows where they are. */
    livePages: jsonb('live_pages').$type<LivePage[]>(),
    /**
     * When a visitor token was first handed out for this session (lib/widget/visitor-token.ts): from
     * then on, reading or writing the session needs it. Rows that only the loader's analytics made
     * are null until the visitor's first message claims them.
     */
    visitorTokenAt: timestamp('visitor_token_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_session_idx').on(t.schoolId, t.sessionId),
    index('conversations_school_started_idx').on(t.schoolId, t.startedAt),
    // Analytics leaves a school's test chats out: few rows, found without a scan.
    index('conversations_test_chat_idx').on(t.schoolId).where(sql`${t.source} = 'test_chat'`),
    // A lead's conversations (its transcript), and deleting a lead without a scan.
    index('conversations_lead_idx').on(t.leadId).where(sql`${t.leadId} is not null`),
    // The Live view and the wait's sweep: a school's live conversations, found without a scan.
    index('conversations_live_idx').on(t.schoolId, t.liveStatus).where(sql`${t.liveStatus} is not null`),
    // The minute's sweep finds the waits still to be mailed without reading every conversation.
    index('conversations_live_missed_idx').on(t.schoolId).where(sql`${t.liveMissedPending}`),
  ],
);

export const LIVE_STATUSES = ['waiting', 'active', 'closed'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];
/** A page of the school's site a visitor in a live chat opened (its address without the fragment, its title). */
export type LivePage = { url: string; title: string; at: string };

// 'staff': a person of the school wrote it in a live chat (author_user_id, author_name).
export const MESSAGE_ROLES = ['user', 'assistant', 'system', 'staff'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

// A conversation's messages in order. `position` is the message_index staff and visitors rate by.
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
    // Turn analysis, visitor messages only: set once when analysed; a failed attempt
    // leaves analyzed_at empty (retried next run) and counts in analysis_failures.
    sentiment: text('sentiment').$type<Sentiment>(),
    topics: jsonb('topics').$type<TopicScore[]>(),
    analyzedAt: timestamp('analyzed_at', { withTimezone: true }),
    analysisFailures: smallint('analysis_failures').notNull().default(0),
    /** A staff message's author, and their first name as the visitor saw it (kept if the account goes). */
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
  },
  (t) => [
    uniqueIndex('conversation_messages_position_idx').on(t.conversationId, t.position),
    // The visitor's thumbs counted per conversation in the logs list (few messages have one).
    index('conversation_messages_feedback_idx').on(t.conversationId, t.userFeedbackRating).where(sql`${t.userFeedbackRating} is not null`),
    // The analytics window: a school's messages by time (summary, conversation analytics).
    index('conversation_messages_school_created_idx').on(t.schoolId, t.createdAt),
    // Analysed visitor messages by time (conversation analytics); the migration adds
    // INCLUDE (conversation_id, sentiment, topics) so the summary reads the index alone.
    index('conversation_messages_analyzed_idx').on(t.schoolId, t.createdAt).where(sql`${t.role} = 'user' and ${t.analyzedAt} is not null`),
    // The analysis task's queue: visitor messages not analysed yet.
    index('conversation_messages_unanalyzed_idx').on(t.schoolId, t.id).where(sql`${t.role} = 'user' and ${t.analyzedAt} is null`),
  ],
);
