import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { conversationExportQuerySchema } from '@/lib/conversations/export-schema';
import { chatRequestSchema, handoffRequestSchema, widgetEventSchema } from '@/lib/chat/schema';
import { defineOperations } from '@/lib/http/operation';
import { leadGenSettingsSchema } from '@/lib/leads/schema';
import { quickInfoCardSchema } from '@/lib/leads/values';
import { allowedOriginsSchema, setupSettingsSchema } from './schema';

const errors = [401, 404];

export const chatbotOperations = defineOperations({
  currentKey: { method: 'GET', path: '/chatbot/current-key', tag: 'Chatbot', auth: 'bearer', errors, summary: "The school's widget key: {api_key} (404 until one is generated)" },
  internalKey: { method: 'GET', path: '/chatbot/current-key/internal', tag: 'Chatbot', auth: 'bearer', errors, summary: 'The internal key test chat uses (its chats are marked as tests)' },
  generateKey: { method: 'POST', path: '/chatbot/generate-api-key', tag: 'Chatbot', auth: 'bearer', errors, summary: 'Generate a new widget key; the old one stops working at once' },
  getAllowedOrigins: { method: 'GET', path: '/chatbot/allowed-origins', tag: 'Chatbot', auth: 'bearer', errors, summary: "Sites allowed to use the widget besides the school's website and its subdomains" },
  putAllowedOrigins: { method: 'PUT', path: '/chatbot/allowed-origins', tag: 'Chatbot', auth: 'bearer', body: allowedOriginsSchema, errors, summary: 'Replace the list of allowed sites' },
  getSetup: { method: 'GET', path: '/setup/settings', tag: 'Chatbot', auth: 'bearer', errors, summary: 'Logging settings: {data: {settings}}' },
  putSetup: { method: 'PUT', path: '/setup/settings', tag: 'Chatbot', auth: 'bearer', body: setupSettingsSchema, errors, summary: 'Save the logging settings (turns auto-delete on)' },
  cleanup: { method: 'POST', path: '/setup/cleanup-old-data', tag: 'Chatbot', auth: 'bearer', errors, summary: "Delete the school's conversations older than its retention period now (with their messages; leads stay): {deleted_conversations, deleted_messages, retention_days, cutoff}" },
  getStyling: { method: 'GET', path: '/widget-styling', tag: 'Chatbot', auth: 'bearer', errors, summary: 'The widget styling: every field, defaults filled in' },
  postStyling: {
    method: 'POST', path: '/widget-styling', tag: 'Chatbot', auth: 'bearer', errors: [...errors, 413],
    multipart: { fileField: 'icon', fileOptional: true, fields: { styling: 'JSON text of the styling fields to change (any subset; the others keep their saved values; unknown fields answer 422)' } },
    summary: "Save widget styling; an icon (PNG or JPEG by content, at most 5 MB) needs buttonIcon 'custom' and becomes customIconUrl. Answers the whole styling",
  },
  storageStats: { method: 'GET', path: '/setup/storage-stats', tag: 'Chatbot', auth: 'bearer', errors, summary: 'What the school stores (conversations, messages, leads, upload bytes, the oldest conversation) and how many conversations are past the retention period (expired_conversations)' },
});

export const leadGenOperations = defineOperations({
  getSettings: { method: 'GET', path: '/lead-gen/settings', tag: 'Lead generation', auth: 'bearer', errors, summary: 'Lead generation settings (defaults until saved: disabled, conversational)' },
  putSettings: { method: 'PUT', path: '/lead-gen/settings', tag: 'Lead generation', auth: 'bearer', body: leadGenSettingsSchema, errors, summary: 'Save the lead generation settings; an invalid minimum_requirements answers 422' },
  fieldDefinitions: { method: 'GET', path: '/lead-gen/field-definitions', tag: 'Lead generation', auth: 'bearer', errors: [401], summary: 'The lead fields: {fields: {key: {label, description}}}' },
});

// Calls on a visitor's session (`visitor`) answer 401 without the session's X-Visitor-Token once one
// was handed out (lib/widget/visitor-token.ts); their answers carry it renewed.
const widget = { tag: 'Widget (public)', auth: 'widget-key' as const, errors: [401, 403, 429] };

export const widgetOperations = defineOperations({
  personaInfo: { method: 'GET', path: '/api/widget/persona-info', ...widget, summary: '{greeting, ai_name, avatar_url}' },
  config: {
    method: 'GET', path: '/api/widget/config', ...widget,
    summary:
      "Widget styling (defaults filled in), the launcher's icon as an SVG path (launcher_icon), the public lead generation settings, the ways to reach the office (handoff.contact_actions), the sites links in answers may point to (link_sites {domains, hosts}) and live_reply_minutes: during office hours with someone available, the median minutes from a visitor's request for a person to a staff member joining over the last 30 days (rounded up, at least 1), else null (also with fewer than 5 such chats)",
  },
  chat: { method: 'POST', path: '/api/widget/chat', ...widget, visitor: 'claim', errors: [...widget.errors, 502], body: chatRequestSchema, summary: 'Ask the assistant: {response, session_id, message_index}; the first answer of a session adds visitor_token (also in the X-Visitor-Token header of every answer), which later calls on the session send back' },
  chatStream: {
    method: 'POST', path: '/api/widget/chat/stream', ...widget, visitor: 'claim', body: chatRequestSchema,
    summary: 'Ask the assistant, answered as server-sent events: delta {text}, done {response, session_id, message_index}, error {detail}',
  },
  events: {
    method: 'POST', path: '/api/widget/events', ...widget, errors: [...widget.errors, 404], body: widgetEventSchema,
    // Thumbs mark the visitor's own answers; the loader's page events (no token there) only count.
    visitor: ({ body }) => ((body as { event_type?: string }).event_type === 'message_feedback' ? 'require' : null),
    summary: 'Report widget_loaded, widget_opened, conversation_engaged, or a thumbs up/down (message_feedback, with the X-Visitor-Token)',
  },
  leads: {
    method: 'POST', path: '/api/widget/leads', ...widget, errors: [...widget.errors, 409], status: 201, visitor: 'claim',
    body: quickInfoCardSchema,
    summary: "The quick info card: {session_id, ...lead fields} → {lead_id, created}; 422 'Please provide: …' below the school's minimum requirements",
  },
  handoff: {
    method: 'POST', path: '/api/widget/handoff', ...widget, status: 201, visitor: 'claim',
    body: handoffRequestSchema,
    summary:
      "Talk to a person: {session_id, name, email and/or phone, question, language?} → {lead_id, created, mailed}. The session's lead is created or updated and marked as a handoff, the conversation flagged, and the admissions office (the school's contact e-mail) mailed the transcript through the outbox",
  },
});

export const conversationOperations = defineOperations({
  list: {
    method: 'GET', path: '/conversations/', tag: 'Conversations', auth: 'bearer', errors,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(10000).default(100),
      offset: z.coerce.number().int().min(0).default(0),
      source: z.enum(['widget', 'test_chat']).optional(),
    }),
    summary: "The school's conversations, newest first",
  },
  get: { method: 'GET', path: '/conversations/{id}', tag: 'Conversations', auth: 'bearer', params: z.object({ id: idField }), errors, summary: 'One conversation with its messages' },
});

// The Logs tab's export, with the list's filters (lib/conversations/export-schema.ts).
export const conversationExportOperations = defineOperations({
  export: {
    method: 'GET', path: '/conversations/export', tag: 'Conversations', auth: 'bearer-or-session', errors: [401],
    query: conversationExportQuerySchema,
    responseDescription: 'A streamed attachment (conversations-YYYY-MM-DD.csv or .jsonl): CSV one row per conversation (started, status, messages, duration, lead, ratings, topics, sentiment, first question); JSONL one conversation per line with its messages',
    summary: "Export the school's conversations, newest first, filtered like the list (source, status, handled_by_staff, from_date, to_date, q), as CSV or JSONL",
  },
});
