import 'server-only';
import { chatRequestSchema, handoffRequestSchema, widgetEventSchema } from '@/lib/chat/schema';
import { defineOperations } from '@/lib/http/operation';
import { quickInfoCardSchema } from '@/lib/leads/values';
import { chatOnce, startTurn } from '@/lib/chat/engine';
import { widgetOperation } from './route';
import { turnEventStream } from '@/lib/chat/sse';
import { personaInfo, submitQuickInfoCard, widgetConfig } from './public';
import { recordWidgetEvent } from '@/lib/conversations/conversations';
import { requestHandoff } from '@/lib/chat/handoff';

// The widget's public API (X-API-Key), apart from the staff's calls so that a visitor's call loads
// none of the staff's code.

// Calls on a visitor's session (`visitor`) answer 401 without the session's X-Visitor-Token once one
// was handed out (lib/widget/visitor-token.ts); their answers carry it renewed.
const widget = { tag: 'Widget (public)', auth: 'widget-key' as const, errors: [401, 403, 429] };

export const widgetOperations = defineOperations({
  personaInfo: widgetOperation({ method: 'GET', path: '/api/widget/persona-info', ...widget, summary: '{greeting, ai_name, avatar_url}', handler: ({ caller }) => personaInfo(caller) }),
  config: widgetOperation({
    method: 'GET', path: '/api/widget/config', ...widget,
    summary:
      "Widget styling (defaults filled in), the launcher's icon as an SVG path (launcher_icon), the public lead generation settings, the ways to reach the office (handoff.contact_actions), the sites links in answers may point to (link_sites {domains, hosts}) and live_reply_minutes: during office hours with someone available, the median minutes from a visitor's request for a person to a staff member joining over the last 30 days (rounded up, at least 1), else null (also with fewer than 5 such chats)",
    handler: ({ caller }) => widgetConfig(caller),
  }),
  chat: widgetOperation({
    method: 'POST', path: '/api/widget/chat', ...widget, visitor: 'claim', errors: [...widget.errors, 502], body: chatRequestSchema, summary: 'Ask the assistant: {response, session_id, message_index} (person: true, nothing answered or stored, when the message asks for a person: send it to /api/widget/live/request); the first answer of a session adds visitor_token (also in the X-Visitor-Token header of every answer), which later calls on the session send back',
    widgetLimits: 'chat',
    handler: ({ caller, body }) => chatOnce(caller, body),
  }),
  chatStream: widgetOperation({
    method: 'POST', path: '/api/widget/chat/stream', ...widget, visitor: 'claim', body: chatRequestSchema,
    summary: 'Ask the assistant, answered as server-sent events: delta {text}, done {response, session_id, message_index} (person: true when the message asks for a person), error {detail}',
    widgetLimits: 'chat',
    handler: async ({ caller, body }) => turnEventStream(await startTurn(caller, body)),
  }),
  events: widgetOperation({
    method: 'POST', path: '/api/widget/events', ...widget, errors: [...widget.errors, 404], body: widgetEventSchema,
    // Thumbs mark the visitor's own answers; the loader's page events (no token there) only count.
    visitor: ({ body }) => ((body as { event_type?: string }).event_type === 'message_feedback' ? 'require' : null),
    summary: 'Report widget_loaded, widget_opened, conversation_engaged, or a thumbs up/down (message_feedback, with the X-Visitor-Token)',
    handler: async ({ caller, body }) => {
      await recordWidgetEvent(caller, body);
      return { ok: true };
    },
  }),
  leads: widgetOperation({
    method: 'POST', path: '/api/widget/leads', ...widget, errors: [...widget.errors, 409], status: 201, visitor: 'claim',
    body: quickInfoCardSchema,
    summary: "The quick info card: {session_id, ...lead fields} → {lead_id, created}; 422 'Please provide: …' below the school's minimum requirements",
    handler: ({ caller, body }) => submitQuickInfoCard(caller, body),
  }),
  handoff: widgetOperation({
    method: 'POST', path: '/api/widget/handoff', ...widget, status: 201, visitor: 'claim',
    body: handoffRequestSchema,
    summary:
      "Talk to a person: {session_id, name, email and/or phone, question, language?} → {lead_id, created, mailed}. The session's lead is created or updated and marked as a handoff, the conversation flagged, and the admissions office (the school's contact e-mail) mailed the transcript through the outbox",
    handler: ({ caller, body }) => requestHandoff(caller, body),
  }),
});
