import { randomUUID } from 'node:crypto';
import { getDb } from '@/db/client';
import { conversations } from '@/db/schema';
import type { Operation } from '@/lib/http/operation';
import { STRONG_PASSWORD, unique } from '../http';
import { EXPECTED_ROLES } from './expected';
import { byKey, callOp, OPERATIONS, opKey, operationDoc, sample, type Request_, type Staff } from './harness';

/** A new account of the school, for the user-administration calls that need a target. */
export async function targetUser(su: string, schoolId: number): Promise<string> {
  const res = await callOp(byKey('POST /auth/users'), { token: su }, { body: newUserBody(schoolId) });
  if (res.status !== 201) throw new Error(`target user: ${res.status} ${res.text}`);
  return String((res.json as { id: number }).id);
}

export function newUserBody(schoolId: number) {
  const name = unique('t');
  return { email: `${name}@lantern.test`, username: name, password: STRONG_PASSWORD, first_name: 'Target', last_name: 'User', role: 'user', school_id: schoolId };
}

/** Generates the school's public widget key and answers it. */
export async function widgetKey(admin: Staff): Promise<string> {
  const res = await callOp(byKey('POST /chatbot/generate-api-key'), { token: admin.token });
  if (res.status >= 300) throw new Error(`generate key: ${res.status} ${res.text}`);
  const current = await callOp(byKey('GET /chatbot/current-key'), { token: admin.token });
  return (current.json as { api_key: string }).api_key;
}

/** Path params, required query and a body generated from the operation's schema. */
export function plainRequest(op: Operation, ids: Record<string, string> = {}): Request_ {
  const doc = operationDoc(op);
  const params = Object.fromEntries(doc.parameters.filter((p) => p.in === 'path').map((p) => [p.name, ids[p.name] ?? '999999']));
  const query = Object.fromEntries(doc.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema, p.name))]));
  const schema = doc.requestBody?.content['application/json']?.schema;
  return { params, query, body: schema ? sample(schema) : undefined };
}

export { opKey };

/** Bodies the schema sampler cannot guess (URLs, phones, the rules a refine adds). */
export const BODIES: Record<string, unknown> = {
  'POST /action-prompts/': { name: 'Apply now', target_audience: 'Families', action_description: 'Start the application', action_data: 'https://example.com/apply' },
  'PUT /action-prompts/{id}': { name: 'Apply today', target_audience: 'Families', action_description: 'Start the application', action_data: 'https://example.com/apply' },
  'POST /interview-calls/': { staff_name: 'Dana Staff', phone_number: '+15035550101' },
  'POST /leads/': { first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com' },
  // Nobody of the seed has this address: an erasure of it completes with nothing to erase.
  'POST /privacy/erasures': { email: 'nobody-matrix@lantern.test' },
  'PATCH /leads/{id}': { first_name: 'Ann' },
  'POST /web-links/': { name: 'Admissions', url: 'https://example.com/admissions' },
  'POST /corrections/': { question: 'When is the deadline?', answer: 'March 1.' },
  'POST /special-instructions/': { title: 'Be kind', instruction_text: 'Always greet warmly.' },
  'POST /api/prospects/my-school': { first_name: 'Pat', last_name: 'Prospect', email: 'pat@example.com' },
  'POST /api/crm-integration': { integration_name: 'Slate', webhook_url: 'https://crm.example.com/hook' },
  'PUT /live/settings': { enabled: true, office_hours: [], wait_minutes: 3 },
  'PUT /live/availability': { available: true },
  'POST /live/conversations/{id}/messages': { text: 'Hello' },
  'PUT /live/conversations/{id}/details': { email: 'visitor@example.com' },
  'POST /live/saved-replies': { title: 'Greeting', text: 'Hello! How can I help?' },
  'PUT /live/saved-replies/{id}': { title: 'Greeting', text: 'Hi! How can I help today?' },
  'POST /api/widget/live/request': { session_id: 'matrix-live-session' },
  'POST /api/widget/live/messages': { session_id: 'matrix-live-session', text: 'Hello' },
  'POST /api/widget/live/typing': { session_id: 'matrix-live-session' },
  'POST /api/widget/live/page': { session_id: 'matrix-live-session', url: 'https://example.com/apply', title: 'Apply' },
};

export function requestOf(op: Operation, ids: Record<string, string> = {}): Request_ {
  const req = plainRequest(op, ids);
  const key = opKey(op);
  if (key in BODIES) req.body = BODIES[key];
  return req;
}

/** A multipart upload to an operation's route. */
export async function upload(op: Operation, token: string, file: string, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append(op.multipart!.fileField, new Blob([new TextEncoder().encode(file)]), filename);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return callOp(op, { token }, { rawBody: form });
}

export type Resources = Record<'user' | 'actionPrompt' | 'webLink' | 'correction' | 'file' | 'interview' | 'instruction' | 'conversation' | 'rating' | 'lead' | 'delivery' | 'prospect' | 'batch' | 'liveConversation' | 'savedReply' | 'erasure', string>;

async function created(key: string, token: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await callOp(byKey(key), { token }, { body: body ?? BODIES[key] });
  if (res.status >= 300) throw new Error(`${key}: ${res.status} ${res.text}`);
  return res.json as Record<string, unknown>;
}

const idOf = (json: Record<string, unknown>) => String(json.id ?? (json.data as { id?: number } | undefined)?.id);

/** One resource of each kind in the school, made through the API as its admin. */
export async function seedSchool(su: string, admin: Staff): Promise<Resources> {
  const t = admin.token;
  const r = {} as Resources;
  r.user = await targetUser(su, admin.id);
  r.actionPrompt = idOf(await created('POST /action-prompts/', t));
  r.webLink = idOf(await created('POST /web-links/', t));
  r.correction = idOf(await created('POST /corrections/', t));
  r.interview = idOf(await created('POST /interview-calls/', t));
  r.instruction = idOf(await created('POST /special-instructions/', t));
  r.prospect = idOf(await created('POST /api/prospects/my-school', t));
  const file = await upload(byKey('POST /files/'), t, 'Tuition is 12,000 dollars a year.', 'tuition.txt');
  if (file.status >= 300) throw new Error(`file: ${file.status} ${file.text}`);
  r.file = idOf(file.json as Record<string, unknown>);
  const batch = await upload(byKey('POST /api/prospects/my-school/upload'), t, 'First Name,Last Name\nAnn,Lee\n', 'fair.csv', {
    field_mappings: JSON.stringify([
      { source_column: 'First Name', target_field: 'first_name', is_custom: false },
      { source_column: 'Last Name', target_field: 'last_name', is_custom: false },
    ]),
  });
  if (batch.status >= 300) throw new Error(`batch: ${batch.status} ${batch.text}`);
  r.batch = String((batch.json as { batch_id: string | number }).batch_id);
  // A conversation: the widget's chat with the school's key.
  const key = await widgetKey(admin);
  const chat = await callOp(byKey('POST /api/widget/chat'), { apiKey: key }, { body: { message: 'When is the application deadline?' } });
  if (chat.status !== 200) throw new Error(`chat: ${chat.status} ${chat.text}`);
  const list = await callOp(byKey('GET /conversations/'), { token: t });
  r.conversation = String((list.json as { id: number }[])[0]!.id);
  const rating = await created('POST /conversation-ratings/', t, { conversation_id: Number(r.conversation), message_index: (chat.json as { message_index: number }).message_index, rating: 'excellent', admin_notes: 'Clear answer' });
  r.rating = idOf(rating);
  // A CRM delivery: the integration, then a lead saved.
  await created('POST /api/crm-integration', t);
  r.lead = idOf(await created('POST /leads/', t));
  const deliveries = await callOp(byKey('GET /api/crm-integration/deliveries'), { token: t });
  r.delivery = String((deliveries.json as { items: { id: number }[] }).items[0]!.id);
  // A visitor waiting for a person (live chat), written directly: asking through the widget needs
  // live chat on, office hours and someone available.
  const [live] = await (await getDb())
    .insert(conversations)
    .values({ schoolId: admin.id, sessionId: `matrix-live-${randomUUID()}`, liveStatus: 'waiting', liveWaitingSince: new Date() })
    .returning({ id: conversations.id });
  r.liveConversation = String(live!.id);
  r.savedReply = idOf(await created('POST /live/saved-replies', t));
  r.erasure = idOf(await created('POST /privacy/erasures', t));
  return r;
}

/** Which seeded resource a path id names, by the operation's path. */
export function resourceOf(path: string): keyof Resources | null {
  const table: [RegExp, keyof Resources][] = [
    [/^\/auth\/users\//, 'user'],
    [/^\/action-prompts\//, 'actionPrompt'],
    [/^\/web-links\//, 'webLink'],
    [/^\/corrections\//, 'correction'],
    [/^\/files\//, 'file'],
    [/^\/interview-calls\//, 'interview'],
    [/^\/special-instructions\//, 'instruction'],
    [/^\/conversations\//, 'conversation'],
    [/^\/conversation-ratings\//, 'rating'],
    [/^\/leads\//, 'lead'],
    [/^\/api\/crm-integration\/deliveries\//, 'delivery'],
    [/^\/api\/prospects\/my-school\/batch\//, 'batch'],
    [/^\/api\/prospects\/my-school\//, 'prospect'],
    [/^\/live\/conversations\//, 'liveConversation'],
    [/^\/live\/saved-replies\//, 'savedReply'],
    [/^\/privacy\/erasures\//, 'erasure'],
  ];
  return table.find(([re]) => re.test(path))?.[1] ?? null;
}

/** The path ids that name the school's own seeded record for an operation (so a valid case reaches it). */
export function resourceIdsFor(path: string, ids: Resources): Record<string, string> {
  const kind = resourceOf(path);
  return kind ? { id: ids[kind], batch_id: ids[kind] } : {};
}

/**
 * Everything a school's admin can read: every list and settings call without ids, and each seeded
 * record. Not the audit log: the snapshot's own reads (the exports) are recorded in it.
 */
export async function snapshotOf(admin: Staff, ids: Resources): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const op of OPERATIONS) {
    if (op.method !== 'GET' || EXPECTED_ROLES[opKey(op)]!.admin !== 'ok' || op.path.startsWith('/health') || op.path.startsWith('/audit-log') || op.path.includes('storage-stats')) continue;
    const kind = resourceOf(op.path);
    const hasPath = operationDoc(op).parameters.some((p) => p.in === 'path');
    if (hasPath && !kind) continue;
    const res = await callOp(op, { token: admin.token }, requestOf(op, kind ? { id: ids[kind], batch_id: ids[kind] } : {}));
    out[opKey(op)] = [res.status, res.json];
  }
  return out;
}
