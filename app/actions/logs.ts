'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { ratingCreateSchema, ratingUpdateSchema } from '@/lib/conversations/rating-schema';
import { createRating, deleteRating, updateRating } from '@/lib/conversations/ratings';
import { getConversation, logsConversations } from '@/lib/conversations/review';
import { staffAction } from '@/lib/http/action';

// The Logs tab: the same lib functions and schemas as GET /conversations/,
// GET /conversations/{id} and /conversation-ratings/.

/** Spec §7.5: up to 10000 conversations at once (offset 0), optionally of one source; the tab filters, sorts and pages them. */
export async function conversationsAction(input: unknown) {
  return staffAction(z.object({ source: z.enum(['widget', 'test_chat']).optional() }), input, (ctx, q) => logsConversations(ctx, q));
}

export async function conversationAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => getConversation(ctx, id));
}

export async function createRatingAction(input: unknown) {
  return staffAction(ratingCreateSchema, input, (ctx, data) => createRating(ctx, data));
}

export async function updateRatingAction(input: unknown) {
  return staffAction(ratingUpdateSchema.extend({ id: idField }), input, (ctx, { id, ...data }) => updateRating(ctx, id, data));
}

export async function deleteRatingAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => deleteRating(ctx, id));
}
