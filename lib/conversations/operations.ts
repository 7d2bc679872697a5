import 'server-only';
import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { defineOperations } from '@/lib/http/operation';
import { ratingCreateSchema, ratingStatsQuerySchema, ratingUpdateSchema, trainingDataQuerySchema } from './rating-schema';
import { createRating, deleteRating, ratingStats, trainingDataResponse, updateRating } from './ratings';
import { operation } from '@/lib/http/route';

// Staff ratings of the assistant's answers (the logs viewer).
const errors = [401, 404];
const byId = z.object({ id: idField });

export const ratingOperations = defineOperations({
  create: operation({
    method: 'POST', path: '/conversation-ratings/', tag: 'Conversation ratings', auth: 'bearer', body: ratingCreateSchema, status: 201, errors: [...errors, 409],
    summary: "Rate an assistant message of one of the school's conversations: the rating object. A user or system message or a message_index out of range answers 422; an already rated message 409 (edit it instead)",
    handler: ({ ctx, body }) => createRating(ctx, body),
  }),
  update: operation({
    method: 'PUT', path: '/conversation-ratings/{id}', tag: 'Conversation ratings', auth: 'bearer', params: byId, body: ratingUpdateSchema, errors,
    summary: 'Change a rating (any of rating, admin_notes, category, context_turns): the rating object',
    handler: ({ ctx, params, body }) => updateRating(ctx, params.id, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/conversation-ratings/{id}', tag: 'Conversation ratings', auth: 'bearer', params: byId, errors, summary: 'Delete a rating: {message}',
    handler: ({ ctx, params }) => deleteRating(ctx, params.id),
  }),
  stats: operation({
    method: 'GET', path: '/conversation-ratings/stats', tag: 'Conversation ratings', auth: 'bearer', query: ratingStatsQuerySchema, errors,
    summary: 'Ratings made in a range of days (UTC; from_date/to_date, else the last `days`, default 30): {from_date, to_date, total, by_rating, by_category, per_day: [{date, excellent, poor, total}]}',
    handler: ({ ctx, query }) => ratingStats(ctx, query),
  }),
  trainingData: operation({
    method: 'GET', path: '/conversation-ratings/training-data', tag: 'Conversation ratings', auth: 'bearer', query: trainingDataQuerySchema, errors,
    responseDescription: 'JSONL (application/x-ndjson, streamed, one record a line) or a JSON array',
    summary:
      'Every rated assistant turn: {messages: [{role, content}…] (the question, context_turns earlier question-and-answer pairs before it, ending with the rated answer), rating, category, admin_notes, conversation_id, message_index, context_turns, rating_id}',
    handler: ({ ctx, query }) => trainingDataResponse(ctx, query),
  }),
});
