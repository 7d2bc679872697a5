import { z } from 'zod';
import type { LeadFieldKey } from '@/lib/leads/fields';
import { LEAD_VALUE_SCHEMAS, sessionIdField } from '@/lib/leads/values';
import { singleLine } from '@/lib/text/single-line';
import { LANGUAGES } from '@/lib/widget/language';

// Live chat's bodies and texts (docs/live-chat.md), shared with the screens and the widget API. No server imports.

export const LIVE_TEXT_MAX = 4000;
/** The pages of the site a conversation keeps: where the visitor is and where they came from. */
export const LIVE_PAGES_KEPT = 20;

/**
 * The pages with one more opened: the newest last, a reload of the same page not twice, at most
 * LIVE_PAGES_KEPT. The Live view applies a `page` event with it; the server writes the same rule
 * in one statement (lib/live/signals.ts), so two pages opened at once both count.
 */
export function withPage<P extends { url: string }>(pages: P[], page: P): P[] {
  const kept = pages.at(-1)?.url === page.url ? pages.slice(0, -1) : pages;
  return [...kept, page].slice(-LIVE_PAGES_KEPT);
}
export const WAIT_MINUTES_DEFAULT = 3;
export const WAIT_MINUTES_MAX = 60;
/** A staff member's availability lapses this long after their Live view was last open. */
export const PRESENCE_LAPSE_MS = 2 * 60_000;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const hhmm = z.string({ error: 'A time is "HH:MM"' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is "HH:MM" (00:00 to 23:59)');

export const officeHoursSchema = z
  .object({
    day: z.number({ error: 'day must be 0 (Sunday) to 6 (Saturday)' }).int('day must be 0 (Sunday) to 6 (Saturday)').min(0, 'day must be 0 (Sunday) to 6 (Saturday)').max(6, 'day must be 0 (Sunday) to 6 (Saturday)'),
    start: hhmm,
    end: hhmm,
  })
  .refine((h) => h.end > h.start, { message: 'Office hours end after they start (a span past midnight is two spans)', path: ['end'] });

export const liveSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  office_hours: z.array(officeHoursSchema).max(28, 'At most 28 spans of office hours'),
  wait_minutes: z
    .number({ error: 'wait_minutes must be a number' })
    .int('wait_minutes must be a whole number')
    .min(1, 'wait_minutes must be at least 1')
    .max(WAIT_MINUTES_MAX, `wait_minutes must be at most ${WAIT_MINUTES_MAX}`)
    .default(WAIT_MINUTES_DEFAULT),
  /** Who is e-mailed when a visitor's wait runs out; empty: the school's admissions contact. */
  notify_email: z
    .union([z.literal(''), z.email('Enter a valid e-mail address').max(254, 'An e-mail address is at most 254 characters')])
    .nullish()
    .transform((v) => v || null),
});
export type LiveSettings = z.output<typeof liveSettingsSchema>;

export const availabilitySchema = z.object({ available: z.boolean({ error: 'available must be true or false' }) });

export const liveMessageSchema = z.object({
  text: z
    .string({ error: 'Text is required' })
    .trim()
    .min(1, 'Text is required')
    .max(LIVE_TEXT_MAX, `Text must be at most ${LIVE_TEXT_MAX} characters`),
});

const visitorText = z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(2000, 'Message must be at most 2000 characters');

/**
 * The page of the school's site the visitor is on (the loader reads it): its address without query
 * or fragment (a query can carry what the visitor typed into the site), and its title.
 */
export const visitorPageSchema = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'url must be a web address (http or https)' })
    .max(2000, 'url must be at most 2000 characters')
    .transform((u) => {
      const url = new URL(u);
      return url.origin + url.pathname;
    }),
  title: z.string({ error: 'title must be text' }).max(300, 'title must be at most 300 characters').transform((t) => t.replace(/\s+/g, ' ').trim()).default(''),
});
export type VisitorPage = z.output<typeof visitorPageSchema>;

/**
 * The visitor asks for a person: POST /api/widget/live/request. `message`: the words they asked
 * with (kept in the conversation); a visitor who has written nothing yet is offered the form.
 */
export const liveRequestSchema = z.object({
  session_id: sessionIdField,
  language: z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` }).optional(),
  message: visitorText.optional(),
  /** The page they asked from (the Live view shows it). */
  page: visitorPageSchema.optional(),
});

/** POST /api/widget/live/page: the visitor in a live chat opened another page of the site. */
export const visitorPageBodySchema = visitorPageSchema.extend({ session_id: sessionIdField });
/** POST /api/widget/live/typing: the visitor is writing to the person. */
export const visitorTypingSchema = z.object({ session_id: sessionIdField });

/** The visitor writes to the person: POST /api/widget/live/messages (the chat's own limit on length). */
export const visitorLiveMessageSchema = z.object({ session_id: sessionIdField, text: visitorText });

export const visitorStateQuerySchema = z.object({
  session_id: sessionIdField,
  /** Only messages after this index (what the frame has not shown yet). */
  after: z.coerce.number({ error: 'after must be a number' }).int('after must be a whole number').min(-1, 'after must be -1 or more').max(1_000_000, 'after is too large').default(-1),
});
export const visitorEventsQuerySchema = z.object({ session_id: sessionIdField });

export const liveListQuerySchema = z.object({
  status: z.enum(['waiting', 'active', 'closed', 'open'], { error: 'status must be waiting, active, closed or open' }).default('open'),
});

export type LiveConversationStatus = 'waiting' | 'active' | 'closed';

/** One conversation as the Live view lists it. */
export type LiveConversationSummary = {
  id: number;
  status: LiveConversationStatus;
  waiting_since: string | null;
  held_by: { id: number; name: string } | null;
  visitor: string;
  language: string | null;
  last_message: { role: string; text: string; at: string } | null;
};

export type LiveMessage = { index: number; role: 'user' | 'assistant' | 'staff' | 'system'; text: string; at: string; author: string | null };

export type LiveConversationDetail = LiveConversationSummary & {
  session_id: string;
  /** The pages of the site the visitor opened during the live chat, latest last (the last is where they are). */
  pages: { url: string; title: string; at: string }[];
  details: Record<string, unknown>;
  messages: LiveMessage[];
};


/** A saved reply's title: the name the "/" picker filters by. */
export const SAVED_REPLY_TITLE_MAX = 100;
/** How many saved replies a school keeps (the picker lists them all). */
export const SAVED_REPLIES_MAX = 200;

/** POST /live/saved-replies and PUT /live/saved-replies/{id}: a title and the text it inserts (as long as a live message may be). */
export const savedReplySchema = z.object({
  title: singleLine(
    z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(SAVED_REPLY_TITLE_MAX, `Title must be at most ${SAVED_REPLY_TITLE_MAX} characters`),
    'The title cannot contain line breaks or other control characters',
  ),
  text: z.string({ error: 'Text is required' }).trim().min(1, 'Text is required').max(LIVE_TEXT_MAX, `Text must be at most ${LIVE_TEXT_MAX} characters`),
});
export type SavedReplyInput = z.output<typeof savedReplySchema>;
export type SavedReply = { id: number; title: string; text: string; updated_at: string };

/** The visitor's details staff may correct from the Live view, validated as the lead form's fields are. */
export const LIVE_DETAIL_FIELDS = ['first_name', 'last_name', 'email', 'phone'] as const satisfies readonly LeadFieldKey[];
export type LiveDetailField = (typeof LIVE_DETAIL_FIELDS)[number];

const blankIsNull = (v: unknown) => (typeof v === 'string' && !v.trim() ? null : v);

/** PUT /live/conversations/{id}/details: a field left out stays as it is; empty (or null) removes it. */
const detail = (k: LiveDetailField) => z.preprocess(blankIsNull, (LEAD_VALUE_SCHEMAS[k] as z.ZodType<string>).nullable()).optional();
export const liveDetailsSchema = z.object({ first_name: detail('first_name'), last_name: detail('last_name'), email: detail('email'), phone: detail('phone') });
export type LiveDetailsInput = z.output<typeof liveDetailsSchema>;
