import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/db/client';
import { chatbotSettings, schools, widgetApiKeys, type ApiKeyKind, type ConversationSource } from '@/db/schema';
import { AppError, forbidden, unauthorized } from '@/lib/http/errors';
import { clientHash } from '@/lib/http/client';
import { originIsOwnHost } from '@/lib/http/origin';
import type { RequestLimit } from '@/lib/security/request-limits';
import { KeyRowCache } from './key-cache';
import { hashApiKey, looksLikeApiKey } from './keys';
import { SESSION_TIMEOUT_DEFAULT } from './schema';
import { frameAncestorSources, isLoopbackHost, originAllowed, originIndex, type OriginPolicy } from './origins';

export type WidgetCaller = {
  schoolId: number;
  schoolName: string;
  kind: ApiKeyKind;
  /** Whether conversations are stored. */
  logging: boolean;
  /** Minutes away after which a returning visitor starts a new conversation. */
  sessionTimeoutMinutes: number;
  /** The school's version counters (database triggers), for the chat engine's caches. */
  knowledgeVersion: number;
  assistantVersion: number;
  keyHash: string;
  clientHash: string;
  policy: OriginPolicy;
};

/** Where a caller's conversations come from: Lantern's own test chat or a school's website. */
export const sourceOf = (caller: WidgetCaller): ConversationSource => (caller.kind === 'internal' ? 'test_chat' : 'widget');

export const API_KEY_REQUIRED = 'API key required (send it in the X-API-Key header)';
export const API_KEY_INVALID = 'Invalid API key';
export const ORIGIN_REFUSED = 'This website is not allowed to use this chat widget';

/**
 * A development install lets pages on localhost (and pages opened from disk) use the widget: the
 * dev server, or a production build whose public address is unset or itself on this machine.
 */
export function isDevelopmentInstall(): boolean {
  if (process.env.NODE_ENV !== 'production') return true;
  const configured = process.env.APP_URL || process.env.NEXTAUTH_URL;
  if (!configured) return true;
  try {
    return isLoopbackHost(new URL(configured).hostname);
  } catch {
    return false;
  }
}

/** The request comes from Lantern's own pages (the chat frame, test chat): Origin names this host. */
const fromOwnPages = (req: Request) => originIsOwnHost(req.headers);

function keyLookupQuery(db: Database) {
  return db
    .select({
      schoolId: widgetApiKeys.schoolId,
      kind: widgetApiKeys.kind,
      schoolName: schools.name,
      websiteUrl: schools.websiteUrl,
      knowledgeVersion: schools.knowledgeVersion,
      assistantVersion: schools.assistantVersion,
      logging: chatbotSettings.enableWidgetLogging,
      allowedOrigins: chatbotSettings.allowedOrigins,
      sessionTimeoutMinutes: chatbotSettings.sessionTimeoutMinutes,
    })
    .from(widgetApiKeys)
    .innerJoin(schools, eq(schools.id, widgetApiKeys.schoolId))
    .leftJoin(chatbotSettings, eq(chatbotSettings.schoolId, widgetApiKeys.schoolId))
    .where(eq(widgetApiKeys.keyHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('widget_key_lookup');
}

type KeyRow = Awaited<ReturnType<ReturnType<typeof keyLookupQuery>['execute']>>[number];

// Every widget call looks its key up: the statement is built once per database, and the answer
// kept while the database says nothing changed (key-cache.ts).
const keyLookups = new WeakMap<Database, ReturnType<typeof keyLookupQuery>>();
const keyRows = new KeyRowCache<KeyRow>();

async function lookupKey(hash: string): Promise<KeyRow | null> {
  const db = await getDb();
  let lookup = keyLookups.get(db);
  if (!lookup) keyLookups.set(db, (lookup = keyLookupQuery(db)));
  const query = lookup;
  return keyRows.get(db, hash, async () => (await query.execute({ hash }))[0] ?? null);
}

/**
 * Resolves the widget key and judges the page that sent the request. A browser page must be one the
 * school allows; the internal key (test chat) works only from Lantern's own pages or a server.
 */
export async function authorizeWidget(req: Request): Promise<WidgetCaller> {
  const key = req.headers.get('x-api-key')?.trim();
  if (!key) throw unauthorized(API_KEY_REQUIRED);
  const hash = hashApiKey(key);
  const row = looksLikeApiKey(key) ? await lookupKey(hash) : null;
  if (!row) throw unauthorized(API_KEY_INVALID);
  const policy = policyOf(row);
  const origin = req.headers.get('origin');
  if (origin && !fromOwnPages(req)) {
    if (row.kind === 'internal' || !originAllowed(origin, policy)) throw forbidden(ORIGIN_REFUSED);
  }
  return callerOf(row, hash, clientHash(req), policy);
}

const policyOf = (row: KeyRow): OriginPolicy => ({ websiteUrl: row.websiteUrl, allowedOrigins: row.allowedOrigins ?? [], development: isDevelopmentInstall() });

function callerOf(row: KeyRow, keyHash: string, client: string, policy: OriginPolicy): WidgetCaller {
  return {
    schoolId: row.schoolId,
    schoolName: row.schoolName,
    kind: row.kind,
    logging: row.logging ?? true,
    sessionTimeoutMinutes: row.sessionTimeoutMinutes ?? SESSION_TIMEOUT_DEFAULT,
    knowledgeVersion: row.knowledgeVersion,
    assistantVersion: row.assistantVersion,
    keyHash,
    clientHash: client,
    policy,
  };
}

/** The caller of a key outside a web request (the demo seed): no page to judge. */
export async function widgetCallerForKey(key: string, client: string): Promise<WidgetCaller | null> {
  const hash = hashApiKey(key);
  const row = await lookupKey(hash);
  return row ? callerOf(row, hash, client, policyOf(row)) : null;
}

/** CSP frame-ancestors for the chat frame of this key; null for an unknown key. */
export async function frameAncestorsForKey(key: string): Promise<string[] | null> {
  const row = looksLikeApiKey(key) ? await lookupKey(hashApiKey(key)) : null;
  if (!row) return null;
  if (row.kind === 'internal') return ["'self'"];
  return frameAncestorSources(policyOf(row));
}

const perMinute = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

/** The widget's own limits: chat messages, requests for a person, or every other widget call (loads, opens, thumbs, persona, config, leads, handoff). */
export type WidgetLimits = 'chat' | 'live' | 'calls';

/**
 * A widget call's limits, known before its key is looked up (the key's hash, the client, the session
 * the body names), so that the route counts them with the public call's limit in one round trip.
 * Chat messages: per session, per client and per key, each per minute (the per-key ceiling guards a
 * school's model spending; WIDGET_KEY_LIMIT_PER_MINUTE raises it for a busy site). Other calls:
 * generous per client and per key, but not unbounded.
 */
export function widgetLimits(kind: WidgetLimits, keyHash: string, client: string, sessionId: string | null): RequestLimit[] {
  if (kind === 'calls') {
    return [
      { key: `widget:client:${client}`, max: perMinute('WIDGET_CLIENT_CALLS_PER_MINUTE', 300), windowMs: 60_000 },
      { key: `widget:key:${keyHash}`, max: perMinute('WIDGET_KEY_CALLS_PER_MINUTE', 30_000), windowMs: 60_000 },
    ];
  }
  // Asking for a person has a budget of its own: a flood of requests spends neither the chat's nor a real visitor's.
  if (kind === 'live') {
    const live: RequestLimit[] = [
      { key: `live:client:${client}`, max: perMinute('WIDGET_LIVE_CLIENT_LIMIT_PER_MINUTE', 10), windowMs: 60_000 },
      { key: `live:key:${keyHash}`, max: perMinute('WIDGET_LIVE_KEY_LIMIT_PER_MINUTE', 120), windowMs: 60_000 },
    ];
    if (sessionId) live.push({ key: `live:session:${keyHash}:${sessionId}`, max: 5, windowMs: 60_000 });
    return live;
  }
  const limits: RequestLimit[] = [
    { key: `chat:client:${client}`, max: perMinute('WIDGET_CLIENT_LIMIT_PER_MINUTE', 60), windowMs: 60_000 },
    { key: `chat:key:${keyHash}`, max: perMinute('WIDGET_KEY_LIMIT_PER_MINUTE', 600), windowMs: 60_000 },
  ];
  // A message without a session starts a new one: nothing to count yet.
  if (sessionId) limits.push({ key: `chat:session:${keyHash}:${sessionId}`, max: perMinute('WIDGET_SESSION_LIMIT_PER_MINUTE', 20), windowMs: 60_000 });
  return limits;
}

/** The hash of the key a request sends, when it looks like one (the lookup itself comes later). */
export function sentKeyHash(req: Request): string | null {
  const key = req.headers.get('x-api-key')?.trim();
  return key && looksLikeApiKey(key) ? hashApiKey(key) : null;
}

/** CORS for an allowed page: the answer may be read by it (errors too, so the widget can say why). */
export function corsHeaders(req: Request): Record<string, string> {
  const origin = req.headers.get('origin');
  if (!origin) return {};
  // The visitor's token comes back in a header (lib/widget/visitor-token.ts): the page may read it.
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': 'X-Visitor-Token, Retry-After', Vary: 'Origin' };
}

// Preflights carry the page's Origin but never the key, so the most they can be judged by is
// whether some school's key accepts that origin. Kept in memory: on PGlite until the database
// announces a change (the key cache's notices), elsewhere for a few seconds.
const SITE_INDEX_TTL_MS = 10_000;
type SiteIndex = ReturnType<typeof originIndex>;
let siteIndex: { db: Database; changes: number | null; at: number; index: Promise<SiteIndex> } | null = null;

async function loadSiteIndex(db: Database): Promise<SiteIndex> {
  const rows = await db
    .selectDistinct({ websiteUrl: schools.websiteUrl, allowedOrigins: chatbotSettings.allowedOrigins })
    .from(widgetApiKeys)
    .innerJoin(schools, eq(schools.id, widgetApiKeys.schoolId))
    .leftJoin(chatbotSettings, eq(chatbotSettings.schoolId, widgetApiKeys.schoolId))
    .where(eq(widgetApiKeys.kind, 'public'));
  const development = isDevelopmentInstall();
  return originIndex(rows.map((r) => ({ websiteUrl: r.websiteUrl, allowedOrigins: r.allowedOrigins ?? [], development })));
}

/** Whether some school's public key would accept a page at `origin`. */
export async function originKnown(origin: string): Promise<boolean> {
  const db = await getDb();
  const changes = await keyRows.changes(db);
  const now = Date.now();
  const fresh = siteIndex && siteIndex.db === db && (changes === null ? siteIndex.changes === null && now - siteIndex.at < SITE_INDEX_TTL_MS : siteIndex.changes === changes);
  if (!fresh) {
    // Read after the change count: a change during the load makes the next call load again.
    const index = loadSiteIndex(db);
    siteIndex = { db, changes, at: now, index };
    index.catch(() => {
      if (siteIndex?.index === index) siteIndex = null;
    });
  }
  return (await siteIndex!.index).allows(origin);
}

const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, X-API-Key, X-Visitor-Token',
  'Access-Control-Max-Age': '86400',
  Vary: 'Origin',
};

/**
 * CORS preflight: answers with the asking page's own origin when some school's key accepts it (or
 * it is Lantern's own), never '*'; other pages get a 403 and the browser never sends the request.
 * The real request is still judged by its key and origin (authorizeWidget).
 */
export async function preflight(req: Request): Promise<Response> {
  const origin = req.headers.get('origin');
  if (!origin) return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
  if (fromOwnPages(req) || (await originKnown(origin))) {
    return new Response(null, { status: 204, headers: { ...PREFLIGHT_HEADERS, 'Access-Control-Allow-Origin': origin } });
  }
  return Response.json({ detail: ORIGIN_REFUSED }, { status: 403, headers: { Vary: 'Origin' } });
}

export function withCors(res: Response, req: Request): Response {
  for (const [k, v] of Object.entries(corsHeaders(req))) res.headers.set(k, v);
  return res;
}

export const isOriginRefusal = (err: unknown) => err instanceof AppError && err.status === 403;
