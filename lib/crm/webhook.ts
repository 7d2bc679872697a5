import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { conversationReference } from '@/lib/conversations/reference';
import { AppError } from '@/lib/http/errors';
import { safeFetch } from '@/lib/security/outbound';
import type { CrmAuthType, CrmEvent, CrmHttpMethod, CrmMappingValue } from './schema';
import { soleFieldOf, placeholdersOf } from './schema';

// One signed webhook request (Standard Webhooks, https://www.standardwebhooks.com): the lead built
// from the mapping, the integration's method, auth and headers, through the safe outbound fetch.

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of the CRM's answer is kept (test result, delivery log). */
export const RESPONSE_EXCERPT_BYTES = 2048;

export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
export const newWebhookId = () => `msg_${randomBytes(16).toString('hex')}`;

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's base64 part. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The integration as a request needs it, secrets opened. */
export type WebhookTarget = {
  url: string;
  method: CrmHttpMethod;
  authType: CrmAuthType;
  authValue: string | null;
  customHeaders: Record<string, string>;
  signingSecret: string;
};

export const API_KEY_HEADER = 'X-API-Key';

function authHeaders(t: WebhookTarget): Record<string, string> {
  if (t.authType === 'none' || !t.authValue) return {};
  if (t.authType === 'bearer') return { Authorization: `Bearer ${t.authValue}` };
  if (t.authType === 'api_key') return { [API_KEY_HEADER]: t.authValue };
  return { Authorization: `Basic ${Buffer.from(t.authValue, 'utf8').toString('base64')}` };
}

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-api-key)$|key|token|secret|password|auth/i;

/** Headers as they may be shown: values of credential-bearing headers replaced. */
export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, SECRET_HEADER.test(k) ? '********' : v]));
}

export type WebhookOutcome = {
  /** Null when no answer came (refused address, timeout, connection error). */
  status: number | null;
  ok: boolean;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
  /** The wait the CRM asked for (Retry-After), if any. */
  retryAfterMs: number | null;
  sentHeaders: Record<string, string>;
};

const MAX_RETRY_AFTER_MS = 24 * 3600_000;

/** Retry-After as seconds or an HTTP date, capped at a day. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  const ms = /^\d+$/.test(v.trim()) ? Number(v.trim()) * 1000 : Date.parse(v) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

export async function sendWebhook(target: WebhookTarget, msg: { id: string; event: CrmEvent; body: string }): Promise<WebhookOutcome> {
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    ...target.customHeaders,
    ...authHeaders(target),
    'Content-Type': 'application/json',
    'webhook-id': msg.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(target.signingSecret, msg.id, timestamp, msg.body),
    'X-Lantern-Event': msg.event,
  };
  const t0 = performance.now();
  try {
    // A CRM's redirect is not followed: a webhook that moved must be updated by the school.
    const res = await safeFetch(target.url, { method: target.method, headers, body: msg.body, timeoutMs: WEBHOOK_TIMEOUT_MS, maxBytes: 1024 * 1024, maxRedirects: 0 });
    const ok = res.status >= 200 && res.status < 300;
    return {
      status: res.status,
      ok,
      durationMs: Math.round(performance.now() - t0),
      responseExcerpt: res.body.subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'),
      error: ok ? null : `The CRM answered HTTP ${res.status}`,
      retryAfterMs: parseRetryAfter(res.headers['retry-after']),
      sentHeaders: maskHeaders(headers),
    };
  } catch (err) {
    const error = err instanceof AppError && typeof err.detail === 'string' ? err.detail : err instanceof Error ? err.message : String(err);
    return { status: null, ok: false, durationMs: Math.round(performance.now() - t0), responseExcerpt: null, error, retryAfterMs: null, sentHeaders: maskHeaders(headers) };
  }
}

/** A lead as the CRM receives it when the mapping is empty; the mapping's placeholders name its fields. */
export type LeadRecord = Record<string, string | number | boolean | string[] | null>;

function asText(value: LeadRecord[string] | undefined): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * The body for a lead: the whole record when the mapping is empty, else one key per CRM field.
 * A value that is exactly one placeholder keeps the field's type; text around placeholders is text.
 */
export function applyMapping(mapping: Record<string, CrmMappingValue>, lead: LeadRecord): Record<string, unknown> {
  if (!Object.keys(mapping).length) return lead;
  const out: Record<string, unknown> = {};
  for (const [crmField, value] of Object.entries(mapping)) {
    if (typeof value !== 'string') {
      out[crmField] = value;
      continue;
    }
    const sole = soleFieldOf(value);
    if (sole) out[crmField] = lead[sole] ?? null;
    else if (placeholdersOf(value).length) out[crmField] = value.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_, name: string) => asText(lead[name]));
    else out[crmField] = value;
  }
  return out;
}

/** The lead the Test Connection button sends. */
export function sampleLead(now = new Date()): LeadRecord {
  return {
    id: 0,
    first_name: 'Jane',
    last_name: 'Doe',
    preferred_name: 'Jane',
    email: 'jane.doe@example.com',
    phone: '+1 555 0100',
    phone_type: 'mobile',
    parent_email: 'parent.doe@example.com',
    parent_phone: '+1 555 0101',
    intended_major: ['Biology'],
    graduation_year: now.getUTCFullYear() + 1,
    degree_level: 'Bachelor',
    state_province: 'CA',
    gpa: 3.8,
    date_of_birth: null,
    opt_in_email: true,
    opt_in_sms: false,
    opt_in_phone: false,
    source: 'chatbot_conversation',
    session_id: conversationReference('test-session'),
    conversation_id: 0,
    conversation_count: 1,
    chat_history: 'User: What programs do you offer?\nAssistant: We offer programs in the sciences, arts and engineering.',
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    last_interaction_at: now.toISOString(),
  };
}
