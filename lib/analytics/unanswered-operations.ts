import 'server-only';
import { defineOperations } from '@/lib/http/operation';
import { unansweredQuerySchema } from './unanswered-schema';
import { unansweredQuestions } from './unanswered';
import { operation } from '@/lib/http/route';

// The questions the school's knowledge does not answer yet.
export const unansweredOperations = defineOperations({
  list: operation({
    method: 'GET', path: '/conversation-analytics/unanswered', tag: 'Conversation analytics', auth: 'bearer', query: unansweredQuerySchema, errors: [401],
    summary:
      "Visitor questions of the last `days` (1–365, default 30) the assistant could not answer (an honest \"I don't have that information\" or an answer rated poor), widget conversations only, grouped by similar wording, most asked first; a group a staff correction now answers drops out: [{question, count, last_asked_at, examples, rating_id}]",
    handler: ({ ctx, query }) => unansweredQuestions(ctx, query),
  }),
});
