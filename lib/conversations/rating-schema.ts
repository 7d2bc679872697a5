import { z } from 'zod';

// The rating payload staff send from the logs viewer. Shared by the
// REST routes and the logs screen's server actions; no server imports here.

export const RATING_VALUES = ['excellent', 'poor'] as const;
export const RATING_CATEGORY_VALUES = ['accuracy', 'tone', 'helpfulness', 'lead_capture', 'other'] as const;
export const RATING_REQUIRED = 'Rating and comment are required';

const ratingField = z.enum(RATING_VALUES, { error: RATING_REQUIRED });
const notesField = z.string({ error: RATING_REQUIRED }).trim().min(1, RATING_REQUIRED).max(5000, 'Comment must be at most 5000 characters');
const categoryField = z.enum(RATING_CATEGORY_VALUES, { error: `Category must be one of ${RATING_CATEGORY_VALUES.join(', ')}` }).nullable();
const contextTurnsField = z
  .number({ error: 'Context turns must be a whole number from 1 to 4' })
  .int('Context turns must be a whole number from 1 to 4')
  .min(1, 'Context turns must be a whole number from 1 to 4')
  .max(4, 'Context turns must be a whole number from 1 to 4');

// A missing rating or comment reads as empty, so it answers the spec's text, not 'Field required'.
const required = <S extends z.ZodType>(schema: S) => z.preprocess((v: z.input<S> | undefined) => v ?? '', schema);

export const ratingCreateSchema = z.object({
  conversation_id: z.number({ error: 'conversation_id must be a conversation id' }).int().positive().max(2147483647),
  /** The rated assistant message's position in the conversation (its message_index). */
  message_index: z.number({ error: 'message_index must be a whole number' }).int().min(0).max(2147483647),
  rating: required(ratingField),
  admin_notes: required(notesField),
  category: categoryField.optional(),
  /** Question-and-answer pairs before the rated one that the training data carries. */
  context_turns: contextTurnsField.default(2),
});

/** PUT: any subset; a rating or notes sent must still be valid (notes never empty). */
export const ratingUpdateSchema = z.object({
  rating: ratingField.optional(),
  admin_notes: notesField.optional(),
  category: categoryField.optional(),
  context_turns: contextTurnsField.optional(),
});

export type RatingCreateInput = z.infer<typeof ratingCreateSchema>;
export type RatingUpdateInput = z.infer<typeof ratingUpdateSchema>;

export const ratingStatsQuerySchema = z
  .object({
    /** The last N days up to today (UTC), when no dates are given. */
    days: z.coerce.number().int().min(1).max(3650).default(30),
    from_date: z.iso.date('Use the date format YYYY-MM-DD').optional(),
    to_date: z.iso.date('Use the date format YYYY-MM-DD').optional(),
  })
  .refine((q) => !q.from_date || !q.to_date || q.from_date <= q.to_date, { message: 'From date cannot be after to date', path: ['from_date'] });
export type RatingStatsQuery = z.infer<typeof ratingStatsQuerySchema>;

export const trainingDataQuerySchema = z.object({
  format: z.enum(['jsonl', 'json']).default('jsonl'),
  rating: z.enum(RATING_VALUES).optional(),
  category: z.enum(RATING_CATEGORY_VALUES).optional(),
});
export type TrainingDataQuery = z.infer<typeof trainingDataQuerySchema>;
