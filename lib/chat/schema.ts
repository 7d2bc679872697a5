import { z } from 'zod';
import { LEAD_VALUE_SCHEMAS, sessionIdField } from '@/lib/leads/values';
import { singleLine } from '@/lib/text/single-line';
import { LANGUAGES } from '@/lib/widget/language';

export { sessionIdField };

// The public widget API's bodies (docs/widget.md). No server imports.

export const MESSAGE_MAX = 2000;
export const HISTORY_USED = 10;
export const HISTORY_MAX = 50;
export const MESSAGE_TOO_LONG = `Message must be at most ${MESSAGE_MAX} characters`;

const historyEntry = z.object({
  role: z.enum(['user', 'assistant', 'ai'], { error: 'role must be user or assistant' }).transform((r) => (r === 'ai' ? 'assistant' : r)),
  content: z.string({ error: 'content must be text' }).max(8000, 'A history message is at most 8000 characters'),
});

export const chatRequestSchema = z.object({
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(MESSAGE_MAX, MESSAGE_TOO_LONG),
  conversation_history: z
    .array(historyEntry)
    .max(HISTORY_MAX, `conversation_history holds at most ${HISTORY_MAX} messages`)
    .default([])
    // Only the last ten entries reach the model.
    .transform((h) => h.filter((m) => m.content.trim()).slice(-HISTORY_USED)),
  session_id: sessionIdField.optional(),
  /** The widget's language (the visitor's browser language, or the school's default). */
  language: z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` }).optional(),
});
export type ChatRequest = z.output<typeof chatRequestSchema>;

export const WIDGET_EVENT_TYPES = ['widget_loaded', 'widget_opened', 'conversation_engaged'] as const;

export const widgetEventSchema = z.discriminatedUnion(
  'event_type',
  [
    z.object({ session_id: sessionIdField, event_type: z.enum(WIDGET_EVENT_TYPES) }),
    z.object({
      session_id: sessionIdField,
      event_type: z.literal('message_feedback'),
      message_index: z.number({ error: 'message_index must be a number' }).int().min(0),
      rating: z.union([z.literal(1), z.literal(-1)], { error: 'rating must be 1 (thumbs up) or -1 (thumbs down)' }),
    }),
  ],
  { error: 'event_type must be widget_loaded, widget_opened, conversation_engaged or message_feedback' },
);
export type WidgetEventInput = z.output<typeof widgetEventSchema>;

/** POST /api/widget/handoff: a visitor asks to reach a person. */
export const handoffRequestSchema = z
  .object({
    session_id: sessionIdField,
    name: singleLine(
      z.string({ error: 'Please enter your name' }).trim().min(1, 'Please enter your name').max(200, 'The name is at most 200 characters'),
      'The name cannot contain line breaks or other control characters',
    ).refine((v) => v.length > 0, 'Please enter your name'),
    email: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), LEAD_VALUE_SCHEMAS.email.optional()) as z.ZodType<string | undefined>,
    phone: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), LEAD_VALUE_SCHEMAS.phone.optional()) as z.ZodType<string | undefined>,
    question: z.string({ error: 'Please enter your question' }).trim().min(1, 'Please enter your question').max(MESSAGE_MAX, MESSAGE_TOO_LONG),
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((v) => v.email || v.phone, { message: 'Please enter an e-mail address or a phone number', path: ['email'] });
export type HandoffRequest = z.output<typeof handoffRequestSchema>;
