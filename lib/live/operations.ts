import 'server-only';
import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { defineOperations } from '@/lib/http/operation';
import { availabilitySchema, liveDetailsSchema, liveListQuerySchema, liveMessageSchema, liveSettingsSchema, savedReplySchema, SAVED_REPLIES_MAX } from './schema';
import { liveSettings, saveLiveSettings, setAvailability } from './settings';
import { operation } from '@/lib/http/route';
import { closeAllWaiting, endLive, joinLive, listLive, liveConversation, postStaffMessage, waitingCount } from './conversations';
import { editLiveDetails } from './details';
import { staffTyping } from './signals';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from './saved-replies';
import { staffLiveStream } from './streams';

// Live chat (docs/live-chat.md): the school's settings, staff availability, the Live view's calls
// and stream (the widget's side: ./widget-operations.ts).
const tag = 'Live chat';
const errors = [401, 404];
const id = z.object({ id: idField });

export const liveOperations = defineOperations({
  getSettings: operation({
    method: 'GET', path: '/live/settings', tag, auth: 'bearer', errors,
    summary: 'Live chat settings: {enabled, office_hours: [{day 0–6 (Sunday first), start "HH:MM", end "HH:MM"}] in the school\'s time zone (time_zone), wait_minutes, notify_email}. Defaults: off, Monday–Friday 09:00–17:00, 3 minutes',
    handler: ({ ctx }) => liveSettings(ctx),
  }),
  putSettings: operation({
    method: 'PUT', path: '/live/settings', tag, auth: 'bearer', body: liveSettingsSchema, errors,
    summary: 'Save the live chat settings (the whole object; notify_email empty: the school\'s admissions contact). No office hours: live chat whenever someone is available',
    handler: ({ ctx, body }) => saveLiveSettings(ctx, body),
  }),
  availability: operation({
    method: 'PUT', path: '/live/availability', tag, auth: 'bearer', body: availabilitySchema, errors,
    summary: 'Say whether you are available to chat: {available}. It lapses 2 minutes after your Live view closes',
    handler: ({ ctx, body }) => setAvailability(ctx, body.available),
  }),
  waiting: operation({ method: 'GET', path: '/live/waiting', tag, auth: 'bearer', errors, summary: 'How many visitors wait for a person: {waiting}', handler: ({ ctx }) => waitingCount(ctx) }),
  closeWaiting: operation({
    method: 'POST', path: '/live/waiting/close', tag, auth: 'bearer', bodyOptional: true, errors,
    summary: 'Close all waiting: every visitor waiting for a person gets the contact form at once: {closed}',
    handler: ({ ctx }) => closeAllWaiting(ctx),
  }),
  list: operation({
    method: 'GET', path: '/live/conversations', tag, auth: 'bearer', query: liveListQuerySchema, errors,
    summary: 'Live conversations (status=open: waiting, longest wait first, then active; or waiting, active, closed): [{id, status, waiting_since, held_by {id, name}, visitor, language, last_message {role, text, at}}]',
    handler: ({ ctx, query }) => listLive(ctx, query.status),
  }),
  get: operation({
    method: 'GET', path: '/live/conversations/{id}', tag, auth: 'bearer', params: id, errors,
    summary: 'One live conversation with the visitor\'s details and every message ({index, role user|assistant|staff, text, at, author})',
    handler: ({ ctx, params }) => liveConversation(ctx, params.id),
  }),
  join: operation({
    method: 'POST', path: '/live/conversations/{id}/join', tag, auth: 'bearer', params: id, bodyOptional: true, errors: [...errors, 409],
    summary: 'Take the conversation: the assistant stops answering and the visitor sees your first name. 409 while another staff member holds it, or when it has ended',
    handler: ({ ctx, params }) => joinLive(ctx, params.id),
  }),
  message: operation({
    method: 'POST', path: '/live/conversations/{id}/messages', tag, auth: 'bearer', params: id, body: liveMessageSchema, status: 201, errors: [...errors, 409],
    summary: 'Write to the visitor ({text}, 1–4000 characters): {index, role, text, at, author}. 409 unless you hold the conversation',
    handler: ({ ctx, params, body }) => postStaffMessage(ctx, params.id, body.text),
  }),
  leave: operation({
    method: 'POST', path: '/live/conversations/{id}/leave', tag, auth: 'bearer', params: id, bodyOptional: true, errors: [...errors, 409],
    summary: 'Hand the conversation back to the assistant (the visitor is told): {id, status}',
    handler: ({ ctx, params }) => endLive(ctx, params.id, 'leave'),
  }),
  close: operation({
    method: 'POST', path: '/live/conversations/{id}/close', tag, auth: 'bearer', params: id, bodyOptional: true, errors: [...errors, 409],
    summary: 'End the live chat: yours (the assistant answers again) or a waiting one nobody will take (the visitor gets the contact form at once)',
    handler: ({ ctx, params }) => endLive(ctx, params.id, 'close'),
  }),
  details: operation({
    method: 'PUT', path: '/live/conversations/{id}/details', tag, auth: 'bearer', params: id, body: liveDetailsSchema, errors,
    summary: 'Correct the visitor\'s details ({first_name, last_name, email, phone}, checked as the lead form checks them; a field left out stays, empty removes it) in a waiting, active or ended live chat: the conversation and its lead (created if none) change, and open Live views hear a details event. Answers the conversation as GET does',
    handler: ({ ctx, params, body }) => editLiveDetails(ctx, params.id, body),
  }),
  listReplies: operation({
    method: 'GET', path: '/live/saved-replies', tag, auth: 'bearer', errors,
    summary: 'The school\'s saved replies, by title: [{id, title, text, updated_at}]. Staff insert one in a live chat by typing /',
    handler: ({ ctx }) => listSavedReplies(ctx),
  }),
  createReply: operation({
    method: 'POST', path: '/live/saved-replies', tag, auth: 'bearer', body: savedReplySchema, status: 201, errors: [...errors, 409],
    summary: `Save a reply ({title: 1–100 characters, text: 1–4000}): {id, title, text, updated_at}. 409 when the school has a reply of that title (whatever its case) or ${SAVED_REPLIES_MAX} already`,
    handler: ({ ctx, body }) => createSavedReply(ctx, body),
  }),
  updateReply: operation({
    method: 'PUT', path: '/live/saved-replies/{id}', tag, auth: 'bearer', params: id, body: savedReplySchema, errors: [...errors, 409],
    summary: 'Change a saved reply\'s title and text. 409 when another reply has that title',
    handler: ({ ctx, params, body }) => updateSavedReply(ctx, params.id, body),
  }),
  deleteReply: operation({
    method: 'DELETE', path: '/live/saved-replies/{id}', tag, auth: 'bearer', params: id, status: 204, errors, summary: 'Delete a saved reply',
    handler: ({ ctx, params }) => deleteSavedReply(ctx, params.id),
  }),
  typing: operation({
    method: 'POST', path: '/live/conversations/{id}/typing', tag, auth: 'bearer', params: id, bodyOptional: true, status: 204, errors: [...errors, 409],
    summary: 'Tell the visitor you are writing (their widget shows it for a few seconds; send again while you type, at most every 3 seconds). 409 unless you hold the conversation',
    handler: ({ ctx, params }) => staffTyping(ctx, params.id),
  }),
  stream: operation({
    method: 'GET', path: '/live/stream', tag, auth: 'bearer-or-session', errors: [401],
    responseDescription: 'text/event-stream: changed {id, status, agent}, message {id, index, role user|staff|system (an event: joined, handed back, closed, wait ran out), text, author, at}, details {id}, typing {id} (the visitor is writing), page {id, url, title, at} (the visitor opened a page); a comment every 25 seconds',
    summary: 'The Live view\'s server-sent events; while it is open your availability stays fresh',
    handler: ({ ctx, req }) => staffLiveStream(ctx, req),
  }),
});
