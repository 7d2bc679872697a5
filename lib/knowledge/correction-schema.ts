import { z } from 'zod';
import { idField } from '@/lib/auth/schema';

// Staff corrections (`/corrections/`): the answer the assistant should have given to
// a visitor's question. No server imports: shared by the dialog, the actions and the REST routes.

export const CORRECTION_QUESTION_MAX = 1000;
export const CORRECTION_ANSWER_MAX = 5000;

export const QUESTION_REQUIRED = 'Question is required';
export const ANSWER_REQUIRED = 'Answer is required';
export const NO_SCHOOL_CORRECTIONS = 'Please create your school information first before adding corrections.';

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

export const correctionSchema = z.object({
  question: required(QUESTION_REQUIRED, CORRECTION_QUESTION_MAX),
  answer: required(ANSWER_REQUIRED, CORRECTION_ANSWER_MAX),
  /** The poor rating this corrects (one of the school's ratings); null unlinks it on an update. */
  rating_id: idField.nullable().optional(),
});

export type CorrectionInput = z.infer<typeof correctionSchema>;
export type CorrectionView = { id: number; question: string; answer: string; rating_id: number | null; created_at: string; updated_at: string };
