// The conversation list's filters, shared by the export route, its OpenAPI operation and the Logs
// tab (which builds the export link from the filters on screen). No server imports.
import { z } from 'zod';

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const dateBound = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) || !Number.isNaN(Date.parse(v)), 'Use a date (YYYY-MM-DD) or an ISO date-time');

export const conversationFilterSchema = z.object({
  source: z.enum(['widget', 'test_chat']).optional(),
  /** Stored status: the engagement filter keys widget_loaded / widget_opened / conversation_engaged map to widget_loaded / opened / engaged. */
  status: z.enum(['widget_loaded', 'opened', 'engaged']).optional(),
  /** Started at or after; a date alone is its start (UTC). */
  from_date: dateBound.optional(),
  /** Started at or before; a date alone is the end of that day (UTC), so the day is included. */
  to_date: dateBound.optional(),
  /** true: only conversations a person of the school joined (live chat); false: only the others. */
  handled_by_staff: z
    .enum(['true', 'false'], { error: 'handled_by_staff must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  /** Case-insensitive text in the conversation's reference (`session_id` in the list and export) or the visitor's first question. */
  q: z.string().trim().max(200).optional(),
});

export const conversationExportQuerySchema = conversationFilterSchema.extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
});

export type ConversationFilter = z.infer<typeof conversationFilterSchema>;
export type ConversationExportQuery = z.infer<typeof conversationExportQuerySchema>;

/** The Logs tab's engagement filter keys and the status each one means. */
export const ENGAGEMENT_FILTERS = { widget_loaded: 'widget_loaded', widget_opened: 'opened', conversation_engaged: 'engaged' } as const;
export type EngagementFilter = keyof typeof ENGAGEMENT_FILTERS;

/** The status when given (unknown counts as loaded); otherwise from messages and opening. */
export function engagementLevel(c: { status?: string | null; message_count?: number; widget_opened_at?: string | Date | null }): 'Engaged' | 'Opened' | 'Loaded' {
  if (c.status) return c.status === 'engaged' ? 'Engaged' : c.status === 'opened' ? 'Opened' : 'Loaded';
  if ((c.message_count ?? 0) > 1) return 'Engaged';
  return c.widget_opened_at ? 'Opened' : 'Loaded';
}
