import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'logged'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

// Every outgoing e-mail is written here first; SMTP delivery updates its status.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // The body carries a secret (a reset link) that is valid until then; the body is
    // cleared once the mail is sent, or when this passes (cleanup_expired_tokens).
    secretUntil: timestamp('secret_until', { withTimezone: true }),
    // The records a mail is about ('lead:12', 'conversation:34'), so an erasure finds every copy of a person.
    about: text('about').array().notNull().default(sql`'{}'::text[]`),
    /** The school a mail is about (null: the platform's own, a password reset or the contact form); an erasure reads only its school's. */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status), index('mail_outbox_school_idx').on(t.schoolId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  clientHash: text('client_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
