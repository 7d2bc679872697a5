import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from './schools';

export const INTERVIEW_TOPICS = ['academics', 'student_life', 'financial_aid', 'admissions', 'campus_facilities', 'athletics', 'career_services', 'student_support', 'other'] as const;
export const CALL_STATUSES = ['pending', 'initiated', 'ringing', 'calling', 'in_progress', 'completed', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

// An AI phone interview of a staff member, whose summary becomes knowledge.
export const interviewCalls = pgTable(
  'interview_calls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    staffName: text('staff_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    topic: text('topic').notNull().default('academics'),
    additionalInstructions: text('additional_instructions'),
    status: text('status').$type<CallStatus>().notNull().default('pending'),
    callError: text('call_error'),
    providerCallId: text('provider_call_id'),
    transcript: text('transcript'),
    interviewSummary: text('interview_summary'),
    callDuration: integer('call_duration'),
    calledAt: timestamp('called_at', { withTimezone: true }),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('interview_calls_school_idx').on(t.schoolId), index('interview_calls_provider_idx').on(t.providerCallId)],
);
