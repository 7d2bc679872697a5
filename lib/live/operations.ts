import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { defineOperations } from '@/lib/http/operation';
import { availabilitySchema, liveDetailsSchema, liveListQuerySchema, liveMessageSchema, liveRequestSchema, liveSettingsSchema, savedReplySchema, SAVED_REPLIES_MAX, visitorEventsQuerySchema, visitorLiveMessageSchema, visitorPageBodySchema, visitorStateQuerySchema, visitorTypingSchema } from './schema';

// Live chat (docs/live-chat.md): the school's settings, staff availability, the Live view's calls
// and stream, and the widget's side.
const tag = 'Live chat';
const errors = [401, 404];
const id = z.object({ id: idField });

export const liveOperations = defineOperations({
  getSettings: {
    method: 'GET', path: '/live/settings', tag, auth: 'bearer', errors,
    summary: 'Live chat settings: {enabled, office_hours: [{day 0–6 (Sunday first), start "HH:MM", end "HH:MM"}] in the school\'s time zone (time_zone), wait_minutes, notify_email}. Defaults: off, Monday–Friday 09:00–17:00, 3 minutes',
  },
  putSettings: {
    method: 'PUT', path: '/live/settings', tag, auth: 'bearer', body: liveSettingsSchema, errors,
    summary: 'Save the live chat settings (the whole object; notify_email empty: the school\'s admissions contact). No office hours: live chat whenever someone is available',
  },
  availability: {
    method: 'PUT', path: '/live/availability', tag, auth: 'bearer', body: availabilitySchema, errors,
    summary: 'Say whether you are available to chat: {available}. It lapses 2 minutes after your Live view closes',
  },
  waiting: { method: 'GET', path: '/live/waiting', tag, auth: 'bearer', errors, summary: 'How many visitors wait for a person: {waiting}' },
  closeWaiting: {
    method: 'POST', path: '/live/waiting/close', tag, auth: 'bearer', bodyOptional: true, errors,
    summary: 'Close all waiting: every visitor waiting for a person gets the contact form at once: {closed}',
  },
  list: {
    method: 'GET', path: '/live/conversations', tag, auth: 'bearer', query: liveListQuerySchema, errors,
    summary: 'Live conversations (status=open: waiting, longest wait first, then active; or waiting, active, closed): [{id, status, waiting_since, held_by {id, name}, visitor, language, last_message {role, text, at}}]',
  },
  get: {
    method: 'GET', path: '/live/conversations/{id}', tag, auth: 'bearer', params: id, errors,
    summary: 'One live conversation with the visitor\'s details and every message ({index, role user|assistant|staff, text, at, author})',
  },
  join: {
    method: 'POST', path: '/live/conversations/{id}/join', tag, auth: 'bearer', params: id, bodyOptional: true, errors: [...errors, 409],
    summary: 'Take the conversation: the assistant stops answering and the visitor sees your first name. 409 while another staff member holds it, or when it has ended',
  },
  message: {
    method: 'POST', path: '/live/conversations/{id}/messages', tag, auth: 'bearer', params: id, body: liveMessageSchema, status: 201, errors: [...errors, 409],
    summary: 'Write to the visitor ({text}, 1–4000 characters): {index, role, text, at, author}. 409 unless you hold the conversation',
  },
  leave: {
    method: 'POST', path: '/live/conversations/{id}/leave', tag, auth: 'bearer', params: id, bodyOptional: true, errors: [...errors, 409],
    summary: 'Hand the conversation back to the assistant (the visitor is told): {id, status}',
  },
  close: {
    method: 'POST', path: '/live/conversations/{id}/close', tag, auth: 'bearer', params: id, bodyOptional: true, errors: [...errors, 409],
    summary: 'End the live chat: yours (the assistant answers again) or a waiting one nobody will take (the visitor gets the contact form at once)',
  },
  details: {
    method: 'PUT', path: '/live/conversations/{id}/details', tag, auth: 'bearer', params: id, body: liveDetailsSchema, errors,
    summary: 'Correct the visitor\'s details ({first_name, last_name, email, phone}, checked as the lead form checks them; a field left out stays, empty removes it) in a waiting, active or ended live chat: the conversation and its lead (created if none) change, and open Live views hear a details event. Answers the conversation as GET does',
  },
  listReplies: {
    method: 'GET', path: '/live/saved-replies', tag, auth: 'bearer', errors,
    summary: 'The school\'s saved replies, by title: [{id, title, text, updated_at}]. Staff insert one in a live chat by typing /',
  },
  createReply: {
    method: 'POST', path: '/live/saved-replies', tag, auth: 'bearer', body: savedReplySchema, status: 201, errors: [...errors, 409],
    summary: `Save a reply ({title: 1–100 characters, text: 1–4000}): {id, title, text, updated_at}. 409 when the school has a reply of that title (whatever its case) or ${SAVED_REPLIES_MAX} already`,
  },
  updateReply: {
    method: 'PUT', path: '/live/saved-replies/{id}', tag, auth: 'bearer', params: id, body: savedReplySchema, errors: [...errors, 409],
    summary: 'Change a saved reply\'s title and text. 409 when another reply has that title',
  },
  deleteReply: { method: 'DELETE', path: '/live/saved-replies/{id}', tag, auth: 'bearer', params: id, status: 204, errors, summary: 'Delete a saved reply' },
  typing: {
    method: 'POST', path: '/live/conversations/{id}/typing', tag, auth: 'bearer', params: id, bodyOptional: true, status: 204, errors: [...errors, 409],
    summary: 'Tell the visitor you are writing (their widget shows it for a few seconds; send again while you type, at most every 3 seconds). 409 unless you hold the conversation',
  },
  stream: {
    method: 'GET', path: '/live/stream', tag, auth: 'bearer-or-session', errors: [401],
    responseDescription: 'text/event-stream: changed {id, status, agent}, message {id, index, role user|staff|system (an event: joined, handed back, closed, wait ran out), text, author, at}, details {id}, typing {id} (the visitor is writing), page {id, url, title, at} (the visitor opened a page); a comment every 25 seconds',
    summary: 'The Live view\'s server-sent events; while it is open your availability stays fresh',
  },
});

// Every call names the visitor's session and needs its X-Visitor-Token (the request may be the first to claim it).
const widget = { tag: 'Widget (public)', auth: 'widget-key' as const, errors: [401, 403, 429] };

export const widgetLiveOperations = defineOperations({
  request: {
    method: 'POST', path: '/api/widget/live/request', ...widget, body: liveRequestSchema,
    visitor: 'claim',
    summary: 'Ask for a person ({session_id, language?, message?: the words they asked with, kept in the conversation, page?: {url, title} the page they asked from}): {status: waiting|active, wait_seconds, agent} or {status: unavailable, reason: off|hours|nobody|logging|missed|no_message (nothing written yet)|busy (three visitors of this address wait already)} (then the contact form); outside office hours also {next_open, time_zone}: when they next begin. Counted on its own limits per session, address and key',
  },
  message: {
    method: 'POST', path: '/api/widget/live/messages', ...widget, errors: [...widget.errors, 409], body: visitorLiveMessageSchema, status: 201, visitor: 'require',
    summary: 'Write to the person: {session_id, text} → {index}. 409 when the conversation is not with a person',
  },
  state: {
    method: 'GET', path: '/api/widget/live/state', ...widget, query: visitorStateQuerySchema, visitor: 'require',
    summary: 'The live chat of session_id: {status: none|waiting|active|closed, agent, wait_seconds, messages: staff messages after `after`}; a wait past its end ends here',
  },
  typing: {
    method: 'POST', path: '/api/widget/live/typing', ...widget, errors: [...widget.errors, 409], body: visitorTypingSchema, status: 204, visitor: 'require',
    summary: 'The visitor is writing to the person ({session_id}): the Live view shows it for a few seconds. At most every 3 seconds while they type. 409 when the conversation is not with a person',
  },
  page: {
    method: 'POST', path: '/api/widget/live/page', ...widget, errors: [...widget.errors, 409], body: visitorPageBodySchema, status: 204, visitor: 'require',
    summary: 'The visitor in a live chat opened another page of the site ({session_id, url, title}; the address is kept without its query or fragment): the Live view shows where they are. 409 when the conversation is not with a person',
  },
  events: {
    method: 'GET', path: '/api/widget/live/events', ...widget, errors: [...widget.errors, 409, 503], query: visitorEventsQuerySchema, visitor: 'require',
    responseDescription: 'text/event-stream: status {status: active|returned|missed|dropped|closed, agent}, message {index, text, author, at}, typing {agent} (the person is writing); ends when the conversation is back with the assistant',
    summary: 'The person\'s side of session_id\'s conversation, as server-sent events',
  },
});
