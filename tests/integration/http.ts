import { randomBytes } from 'node:crypto';
import { getDb } from '@/db/client';
import { schools } from '@/db/schema';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

export type CallOptions = {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  /**
   * Simulated client address (rate limits are per client), sent as `npm start`'s front server would
   * after reading the socket: under its private header (setup.ts says the front server is there).
   */
  ip?: string;
};

/** Calls a route handler as Next.js would, with a real Request, and reads the JSON answer. */
export async function call(handler: Handler, method: string, path: string, opts: CallOptions = {}) {
  const url = new URL(path, 'http://localhost:3000');
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { [CLIENT_ADDRESS_HEADER]: opts.ip ?? '203.0.113.10', ...opts.headers };
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await handler(new Request(url, { method, headers, body }), { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  // Answers are asserted field by field in the tests; a loose type keeps them readable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json };
}

/** Headers of a request that `npm start` received from this client address. */
export const fromClient = (ip: string): Record<string, string> => ({ [CLIENT_ADDRESS_HEADER]: ip });

export const STRONG_PASSWORD = 'Lantern-Harbor-2026';
export const OTHER_PASSWORD = 'Quiet-Meadow-Fox-88';

export function unique(prefix: string): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export async function createSchool(name: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.insert(schools).values({ name }).returning({ id: schools.id });
  return row!.id;
}

// Visitor tokens handed to a test's widget calls, by key and session, as each visitor's frame keeps its own.
const visitorTokens = new Map<string, string>();

/**
 * A widget call as the visitor's frame makes it (`X-API-Key: key`): the session's visitor token from
 * an earlier answer is sent back and the renewed one kept; the first answer's `visitor_token` is
 * taken out of its body (kept, as the frame does), so the answer reads as the call's own.
 */
export async function visitorCall(handler: Handler, method: string, path: string, key: string, opts: CallOptions = {}) {
  const named = (opts.body as { session_id?: unknown } | undefined)?.session_id ?? new URL(path, 'http://localhost').searchParams.get('session_id') ?? opts.query?.session_id;
  const token = named ? visitorTokens.get(`${key}:${named}`) : undefined;
  const res = await call(handler, method, path, { ...opts, headers: { 'x-api-key': key, ...(token ? { 'x-visitor-token': token } : {}), ...opts.headers } });
  const session = named ?? res.json?.session_id;
  const renewed = res.headers.get('x-visitor-token');
  if (renewed && session) visitorTokens.set(`${key}:${session}`, renewed);
  if (res.json && typeof res.json === 'object' && 'visitor_token' in res.json) delete res.json.visitor_token;
  return res;
}

/** The `Cookie` header for the single sign-on attempt a start's answer tied to this "browser" (lantern_sso_browser), or null when it set none. */
export const ssoBrowserCookie = (res: { headers: Headers }): string | null => /lantern_sso_browser=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? null;
