import 'server-only';
import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { conversationExportQuerySchema } from '@/lib/conversations/export-schema';
import { defineOperations } from '@/lib/http/operation';
import { leadGenSettingsSchema } from '@/lib/leads/schema';
import { allowedOriginsSchema, setupSettingsSchema } from './schema';
import { getAllowedOrigins, getSetupSettings, putAllowedOrigins, putSetupSettings } from './settings';
import { operation } from '@/lib/http/route';
import { currentApiKey, generateApiKey, internalApiKey } from './keys';
import { getConversation, listConversations } from '@/lib/conversations/review';
import { exportConversations } from '@/lib/conversations/export';
import { getLeadGenSettings, leadFieldDefinitions, putLeadGenSettings } from '@/lib/leads/settings';
import { cleanupOldData, storageStats } from '@/lib/conversations/retention';
import { getWidgetStyling, saveWidgetStyling } from './styling-store';
import { readMultipartForm } from '@/lib/http/upload';
import { ICON_MAX_BYTES, ICON_TOO_LARGE } from './styling';

const errors = [401, 404];

export const chatbotOperations = defineOperations({
  currentKey: operation({
    method: 'GET', path: '/chatbot/current-key', tag: 'Chatbot', auth: 'bearer', errors, summary: "The school's widget key: {api_key} (404 until one is generated)",
    handler: ({ ctx }) => currentApiKey(ctx),
  }),
  internalKey: operation({
    method: 'GET', path: '/chatbot/current-key/internal', tag: 'Chatbot', auth: 'bearer', errors, summary: 'The internal key test chat uses (its chats are marked as tests)',
    handler: ({ ctx }) => internalApiKey(ctx),
  }),
  generateKey: operation({
    method: 'POST', path: '/chatbot/generate-api-key', tag: 'Chatbot', auth: 'bearer', errors, summary: 'Generate a new widget key; the old one stops working at once',
    handler: ({ ctx }) => generateApiKey(ctx),
  }),
  getAllowedOrigins: operation({
    method: 'GET', path: '/chatbot/allowed-origins', tag: 'Chatbot', auth: 'bearer', errors, summary: "Sites allowed to use the widget besides the school's website and its subdomains",
    handler: ({ ctx }) => getAllowedOrigins(ctx),
  }),
  putAllowedOrigins: operation({
    method: 'PUT', path: '/chatbot/allowed-origins', tag: 'Chatbot', auth: 'bearer', body: allowedOriginsSchema, errors, summary: 'Replace the list of allowed sites',
    handler: ({ ctx, body }) => putAllowedOrigins(ctx, body),
  }),
  getSetup: operation({ method: 'GET', path: '/setup/settings', tag: 'Chatbot', auth: 'bearer', errors, summary: 'Logging settings: {data: {settings}}', handler: ({ ctx }) => getSetupSettings(ctx) }),
  putSetup: operation({
    method: 'PUT', path: '/setup/settings', tag: 'Chatbot', auth: 'bearer', body: setupSettingsSchema, errors, summary: 'Save the logging settings (turns auto-delete on)',
    handler: ({ ctx, body }) => putSetupSettings(ctx, body),
  }),
  cleanup: operation({
    method: 'POST', path: '/setup/cleanup-old-data', tag: 'Chatbot', auth: 'bearer', errors, summary: "Delete the school's conversations older than its retention period now (with their messages; leads stay): {deleted_conversations, deleted_messages, retention_days, cutoff}",
    handler: ({ ctx }) => cleanupOldData(ctx),
  }),
  getStyling: operation({ method: 'GET', path: '/widget-styling', tag: 'Chatbot', auth: 'bearer', errors, summary: 'The widget styling: every field, defaults filled in', handler: ({ ctx }) => getWidgetStyling(ctx) }),
  postStyling: operation({
    method: 'POST', path: '/widget-styling', tag: 'Chatbot', auth: 'bearer', errors: [...errors, 413],
    multipart: { fileField: 'icon', fileOptional: true, fields: { styling: 'JSON text of the styling fields to change (any subset; the others keep their saved values; unknown fields answer 422)' } },
    summary: "Save widget styling; an icon (PNG or JPEG by content, at most 5 MB) needs buttonIcon 'custom' and becomes customIconUrl. Answers the whole styling",
    handler: async ({ ctx, req }) => {
      const form = await readMultipartForm(req, { maxBytes: ICON_MAX_BYTES, tooLarge: ICON_TOO_LARGE });
      return saveWidgetStyling(ctx, { styling: form.get('styling'), icon: form.get('icon') });
    },
  }),
  storageStats: operation({
    method: 'GET', path: '/setup/storage-stats', tag: 'Chatbot', auth: 'bearer', errors, summary: 'What the school stores (conversations, messages, leads, upload bytes, the oldest conversation) and how many conversations are past the retention period (expired_conversations)',
    handler: ({ ctx }) => storageStats(ctx),
  }),
});

export const leadGenOperations = defineOperations({
  getSettings: operation({
    method: 'GET', path: '/lead-gen/settings', tag: 'Lead generation', auth: 'bearer', errors, summary: 'Lead generation settings (defaults until saved: disabled, conversational)',
    handler: ({ ctx }) => getLeadGenSettings(ctx),
  }),
  putSettings: operation({
    method: 'PUT', path: '/lead-gen/settings', tag: 'Lead generation', auth: 'bearer', body: leadGenSettingsSchema, errors, summary: 'Save the lead generation settings; an invalid minimum_requirements answers 422',
    handler: ({ ctx, body }) => putLeadGenSettings(ctx, body),
  }),
  fieldDefinitions: operation({
    method: 'GET', path: '/lead-gen/field-definitions', tag: 'Lead generation', auth: 'bearer', errors: [401], summary: 'The lead fields: {fields: {key: {label, description}}}',
    handler: () => leadFieldDefinitions(),
  }),
});

export const conversationOperations = defineOperations({
  list: operation({
    method: 'GET', path: '/conversations/', tag: 'Conversations', auth: 'bearer', errors,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(10000).default(100),
      offset: z.coerce.number().int().min(0).default(0),
      source: z.enum(['widget', 'test_chat']).optional(),
    }),
    summary: "The school's conversations, newest first",
    handler: ({ ctx, query }) => listConversations(ctx, query),
  }),
  get: operation({
    method: 'GET', path: '/conversations/{id}', tag: 'Conversations', auth: 'bearer', params: z.object({ id: idField }), errors, summary: 'One conversation with its messages',
    handler: ({ ctx, params }) => getConversation(ctx, params.id),
  }),
});

// The Logs tab's export, with the list's filters (lib/conversations/export-schema.ts).
export const conversationExportOperations = defineOperations({
  export: operation({
    method: 'GET', path: '/conversations/export', tag: 'Conversations', auth: 'bearer-or-session', errors: [401],
    query: conversationExportQuerySchema,
    responseDescription: 'A streamed attachment (conversations-YYYY-MM-DD.csv or .jsonl): CSV one row per conversation (started, status, messages, duration, lead, ratings, topics, sentiment, first question); JSONL one conversation per line with its messages',
    summary: "Export the school's conversations, newest first, filtered like the list (source, status, handled_by_staff, from_date, to_date, q), as CSV or JSONL",
    handler: ({ ctx, query }) => exportConversations(ctx, query),
  }),
});
