'use server';

import { z } from 'zod';
import { ratingOperations } from '@/lib/conversations/operations';
import { logsConversations } from '@/lib/conversations/review';
import { actionFor, staffAction } from '@/lib/http/action';
import { conversationOperations } from '@/lib/widget/operations';

// The Logs tab: the operations of GET /conversations/{id} and /conversation-ratings/, as server
// actions; the list keeps its own schema and lib function (all at once, with first questions).

/** Up to 10000 conversations at once (offset 0), optionally of one source; the tab filters, sorts and pages them. */
export async function conversationsAction(input: unknown) {
  return staffAction(z.object({ source: z.enum(['widget', 'test_chat']).optional() }), input, (ctx, q) => logsConversations(ctx, q));
}

export const conversationAction = actionFor(conversationOperations.get);

export const createRatingAction = actionFor(ratingOperations.create);

export const updateRatingAction = actionFor(ratingOperations.update);

export const deleteRatingAction = actionFor(ratingOperations.remove);
