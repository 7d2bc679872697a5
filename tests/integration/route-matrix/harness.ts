import path from 'node:path';
import { afterAll, expect } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { getDb } from '@/db/client';
import { schools, users } from '@/db/schema';
import { eq } from 'drizzle-orm';
import type { Operation } from '@/lib/http/operation';
import { ALL_OPERATIONS, buildOpenApiDocument } from '@/lib/openapi/document';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client';
import { STRONG_PASSWORD, unique } from '../http';

// The call-report webhook answers 503 until configured; configured, it checks its signature like on a real install.
const webhookSecretBefore = process.env.ELEVENLABS_WEBHOOK_SECRET;
process.env.ELEVENLABS_WEBHOOK_SECRET ??= 'route-matrix-webhook-secret';
afterAll(() => {
  if (webhookSecretBefore === undefined) delete process.env.ELEVENLABS_WEBHOOK_SECRET;
});

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

/** `GET /web-links/{id}`: the key of an operation in the expected table. */
export const opKey = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** The route file that serves an operation's path (Next.js's folder convention). */
export function routeFileOf(opPath: string): string {
  const segments = opPath.replace(/\/+$/, '').replace(/\{([^}]+)\}/g, '[$1]');
  return path.join(root, 'app/(rest)', segments, 'route.ts');
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const modules = new Map<string, Record<string, Handler>>();
export async function handlerOf(op: Operation): Promise<Handler> {
  const file = routeFileOf(op.path);
  let mod = modules.get(file);
  if (!mod) {
    mod = (await import(/* @vite-ignore */ file)) as Record<string, Handler>;
    modules.set(file, mod);
  }
  const handler = mod[op.method];
  if (!handler) throw new Error(`${file} has no ${op.method} handler for ${opKey(op)}`);
  return handler;
}

export const DOCUMENT = buildOpenApiDocument();
export const OPERATIONS = ALL_OPERATIONS;

export type Caller = { token?: string; apiKey?: string; ip?: string };
export type Request_ = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string | Uint8Array | FormData;
  contentType?: string;
  /** Extra request headers (Origin, Referer, Host …), sent as given. */
  headers?: Record<string, string>;
};
export type Answer = { status: number; text: string; json: unknown; headers: Headers };

let ipCounter = 0;
/** A client address of its own per call, so the per-client rate limits never decide an answer. */
const nextIp = () => `198.18.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

export function pathOf(op: Operation, params: Record<string, string> = {}) {
  return op.path.replace(/\{([^}]+)\}/g, (_, k: string) => encodeURIComponent((params[k] ?? '').toWellFormed()));
}

/** Calls the operation's route handler as Next.js would, with a real Request. */
export async function callOp(op: Operation, who: Caller, req: Request_ = {}): Promise<Answer> {
  const handler = await handlerOf(op);
  const url = new URL(pathOf(op, req.params), 'http://localhost:3000');
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { [CLIENT_ADDRESS_HEADER]: who.ip ?? nextIp() };
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  if (who.apiKey) headers['x-api-key'] = who.apiKey;
  Object.assign(headers, req.headers);
  let body: BodyInit | undefined;
  if (req.rawBody !== undefined) {
    body = req.rawBody as BodyInit;
    if (req.contentType) headers['content-type'] = req.contentType;
  } else if (req.body !== undefined && op.method !== 'GET') {
    body = JSON.stringify(req.body);
    headers['content-type'] = req.contentType ?? 'application/json';
  }
  const res = await handler(new Request(url, { method: op.method, headers, body }), { params: Promise.resolve(req.params ?? {}) });
  // A streamed answer (an export) is read only as far as its first chunk: its status is what counts.
  const text = await readSome(res);
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, text, json, headers: res.headers };
}

async function readSome(res: Response): Promise<string> {
  if (!res.body) return '';
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') && !type.includes('ndjson')) return res.text();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // An event stream (the live chat's) stays open: its first chunk says it opened.
  const limit = type.includes('text/event-stream') ? 1 : 64 * 1024;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => {});
  return Buffer.concat(chunks).toString('utf8');
}

// ---------------------------------------------------------------------------------------------
// Valid inputs from an operation's JSON schema.

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[]; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[] };

export function operationDoc(op: Operation) {
  const entry = (DOCUMENT.paths as Record<string, Record<string, Record<string, unknown>>>)[op.path]![op.method.toLowerCase()]!;
  return entry as {
    parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
    requestBody?: { content: Record<string, { schema: Schema }> };
  };
}

/** A plain valid value for a JSON schema (required properties only). */
export function sample(schema: Schema | undefined, name = ''): unknown {
  if (!schema) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema && schema.default !== undefined) return schema.default;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], name);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key], key);
      return out;
    }
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sample(schema.items, name));
    case 'integer':
    case 'number':
      return Math.max(Number(schema.minimum ?? 1), Math.min(1, Number(schema.maximum ?? 1)));
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'email' || /email/.test(name)) return 'matrix@example.com';
      if (schema.format === 'uri' || schema.format === 'url' || /url/.test(name)) return 'https://example.com/matrix';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (/password/.test(name)) return STRONG_PASSWORD;
      const min = Number(schema.minLength ?? 1);
      return 'Matrix text'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(11, Number(schema.maxLength ?? 11))));
    }
    default:
      return 'x';
  }
}

// ---------------------------------------------------------------------------------------------
// Actors.

export type Staff = { token: string; id: number; userId: number; email: string };

async function login(email: string): Promise<string> {
  const res = await callOp(byKey('POST /auth/login'), {}, { body: { email, password: STRONG_PASSWORD } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json as { access_token: string }).access_token;
}

export const byKey = (key: string): Operation => {
  const op = OPERATIONS.find((o) => opKey(o) === key);
  if (!op) throw new Error(`no operation ${key}`);
  return op;
};

/** The first registration: a superuser with no school. */
export async function registerSuperuser(): Promise<{ token: string; email: string }> {
  const name = unique('su');
  const email = `${name}@lantern.test`;
  const res = await callOp(byKey('POST /auth/register'), {}, { body: { email, username: name, password: STRONG_PASSWORD, first_name: 'Su', last_name: 'Per' } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { token: (res.json as { access_token: string }).access_token, email };
}

/** A school made by a new account (which becomes its admin), with prospects turned on. */
export async function adminWithSchool(su: string, label: string): Promise<Staff> {
  const name = unique(label.toLowerCase());
  const email = `${name}@lantern.test`;
  const created = await callOp(byKey('POST /auth/users'), { token: su }, { body: { email, username: name, password: STRONG_PASSWORD, first_name: label, last_name: 'Admin' } });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const token = await login(email);
  const schoolName = unique(`${label} College `);
  expect((await callOp(byKey('POST /schools/'), { token }, { body: { name: schoolName } })).status).toBe(201);
  const db = await getDb();
  const [row] = await db.select({ id: schools.id }).from(schools).where(eq(schools.name, schoolName));
  await db.update(schools).set({ prospectsEnabled: true }).where(eq(schools.id, row!.id));
  return { token: await login(email), id: row!.id, userId: (created.json as { id: number }).id, email };
}

/** Another account of a school, with the given role. */
export async function memberOf(su: string, schoolId: number, role: 'user' | 'admin'): Promise<Staff> {
  const name = unique(role);
  const email = `${name}@lantern.test`;
  const created = await callOp(byKey('POST /auth/users'), { token: su }, { body: { email, username: name, password: STRONG_PASSWORD, first_name: 'M', last_name: role, role, school_id: schoolId } });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return { token: await login(email), id: schoolId, userId: (created.json as { id: number }).id, email };
}

/** Puts a superuser to work in a school (as the school switcher does). */
export async function superuserIn(suEmail: string, schoolId: number): Promise<string> {
  await (await getDb()).update(users).set({ schoolId }).where(eq(users.email, suEmail));
  return login(suEmail);
}

export { registerRoute, usersRoute, loginRoute, schoolsRoute };
