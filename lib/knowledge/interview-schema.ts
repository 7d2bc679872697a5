import { z } from 'zod';

// Staff interview calls: topics, statuses and the form's rules. No server imports.
export const TOPIC_VALUES = ['academics', 'student_life', 'financial_aid', 'admissions', 'campus_facilities', 'athletics', 'career_services', 'student_support', 'other'] as const;
export const TOPIC_LABELS: Record<(typeof TOPIC_VALUES)[number], string> = {
  academics: 'Academics',
  student_life: 'Student Life',
  financial_aid: 'Financial Aid',
  admissions: 'Admissions',
  campus_facilities: 'Campus Facilities',
  athletics: 'Athletics',
  career_services: 'Career Services',
  student_support: 'Student Support',
  other: 'Other',
};
export const NO_SCHOOL_INTERVIEWS = 'Please create your school information first before adding interview calls.';
export const ACTIVE_STATUSES = ['ringing', 'calling', 'in_progress'];

/** An optional plus, an optional bracket, then 10 or more digits, spaces, hyphens or brackets. */
export const PHONE_PATTERN = /^\+?\(?[\d\s\-()]{10,}$/;

export const interviewCreateSchema = z.object({
  staff_name: z.string({ error: 'Staff name is required' }).trim().min(1, 'Staff name is required').min(2, 'Staff name must be at least 2 characters').max(200, 'Staff name must be at most 200 characters'),
  phone_number: z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').max(40, 'Please enter a valid phone number').regex(PHONE_PATTERN, 'Please enter a valid phone number'),
  topic: z.enum(TOPIC_VALUES, { error: 'Choose a topic' }).default('academics'),
  additional_instructions: z.string().trim().max(2000, 'Instructions must be at most 2000 characters').nullable().optional(),
});
// No defaults here: a field left out of an update stays as it is.
export const interviewUpdateSchema = interviewCreateSchema
  .extend({ topic: z.enum(TOPIC_VALUES, { error: 'Choose a topic' }) })
  .partial()
  .extend({ interview_summary: z.string().max(100_000, 'Summary must be at most 100,000 characters').nullable().optional() });

export type InterviewView = {
  id: number;
  staff_name: string;
  phone_number: string;
  topic: string;
  additional_instructions: string | null;
  status: string;
  call_error: string | null;
  interview_summary: string | null;
  call_duration: number | null;
  called_at: string | null;
  connected_at: string | null;
  completed_at: string | null;
  created_at: string;
};

/** Minutes and seconds, as the interview list shows a duration. */
export function formatCallDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
