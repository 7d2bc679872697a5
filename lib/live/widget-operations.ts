import 'server-only';
import { defineOperations } from '@/lib/http/operation';
import { liveRequestSchema, visitorEventsQuerySchema, visitorLiveMessageSchema, visitorPageBodySchema, visitorStateQuerySchema, visitorTypingSchema } from './schema';
import { visitorLiveStream } from './streams';
import { widgetOperation } from '@/lib/widget/route';
import { requestLive, visitorLiveMessage, visitorLiveState } from './visitor';
import { visitorOnPage, visitorTyping } from './signals';

// Live chat's side of the widget's public API (docs/live-chat.md), apart from the staff's calls so
// that a visitor's call loads none of the staff's code.

// Every call names the visitor's session and needs its X-Visitor-Token (the request may be the first to claim it).
const widget = { tag: 'Widget (public)', auth: 'widget-key' as const, errors: [401, 403, 429] };

export const widgetLiveOperations = defineOperations({
  request: widgetOperation({
    method: 'POST', path: '/api/widget/live/request', ...widget, body: liveRequestSchema,
    visitor: 'claim',
    summary: 'Ask for a person ({session_id, language?, message?: the words they asked with, kept in the conversation, page?: {url, title} the page they asked from}): {status: waiting|active, wait_seconds, agent} or {status: unavailable, reason: off|hours|nobody|logging|missed|no_message (nothing written yet)|busy (three visitors of this address wait already)} (then the contact form); outside office hours also {next_open, time_zone}: when they next begin. Counted on its own limits per session, address and key',
    // Its own limits (per session, client and key): a flood of requests spends neither the chat's budget nor a real visitor's.
    widgetLimits: 'live',
    handler: ({ caller, body }) => requestLive(caller, body),
  }),
  message: widgetOperation({
    method: 'POST', path: '/api/widget/live/messages', ...widget, errors: [...widget.errors, 409], body: visitorLiveMessageSchema, status: 201, visitor: 'require',
    summary: 'Write to the person: {session_id, text} → {index}. 409 when the conversation is not with a person',
    // Limited like chat messages (per session, client and key): a visitor cannot flood the person.
    widgetLimits: 'chat',
    handler: ({ caller, body }) => visitorLiveMessage(caller, body),
  }),
  state: widgetOperation({
    method: 'GET', path: '/api/widget/live/state', ...widget, query: visitorStateQuerySchema, visitor: 'require',
    summary: 'The live chat of session_id: {status: none|waiting|active|closed, agent, wait_seconds, messages: staff messages after `after`}; a wait past its end ends here',
    handler: ({ caller, query }) => visitorLiveState(caller, query.session_id, query.after),
  }),
  typing: widgetOperation({
    method: 'POST', path: '/api/widget/live/typing', ...widget, errors: [...widget.errors, 409], body: visitorTypingSchema, status: 204, visitor: 'require',
    summary: 'The visitor is writing to the person ({session_id}): the Live view shows it for a few seconds. At most every 3 seconds while they type. 409 when the conversation is not with a person',
    handler: ({ caller, body }) => visitorTyping(caller, body.session_id),
  }),
  page: widgetOperation({
    method: 'POST', path: '/api/widget/live/page', ...widget, errors: [...widget.errors, 409], body: visitorPageBodySchema, status: 204, visitor: 'require',
    summary: 'The visitor in a live chat opened another page of the site ({session_id, url, title}; the address is kept without its query or fragment): the Live view shows where they are. 409 when the conversation is not with a person',
    handler: ({ caller, body }) => visitorOnPage(caller, body.session_id, body),
  }),
  events: widgetOperation({
    method: 'GET', path: '/api/widget/live/events', ...widget, errors: [...widget.errors, 409, 503], query: visitorEventsQuerySchema, visitor: 'require',
    responseDescription: 'text/event-stream: status {status: active|returned|missed|dropped|closed, agent}, message {index, text, author, at}, typing {agent} (the person is writing); ends when the conversation is back with the assistant',
    summary: 'The person\'s side of session_id\'s conversation, as server-sent events',
    handler: ({ req, caller, query }) => visitorLiveStream(req, caller, query.session_id),
  }),
});
