import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One documented REST call: its path as OpenAPI writes it, who may call it, the zod schemas of its
 * inputs and what it does. The one definition its REST route (`route(op)`, lib/http/route.ts, or
 * `widgetRoute(op)`), its server action (`actionFor(op)`, lib/http/action.ts) and its /openapi.json
 * entry are made from. Written with `operation` (lib/http/route.ts) or `widgetOperation`
 * (lib/widget/route.ts), which type the handler's input from the schemas.
 */
export type Operation = {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** 'bearer-or-session' also accepts the staff web session, for browser uploads that report progress and downloads (GET, same origin). */
  /** 'widget-key': the public widget API, called with `X-API-Key` (see lib/widget/route.ts). */
  auth: 'none' | 'bearer' | 'optional' | 'bearer-or-session' | 'widget-key';
  body?: z.ZodType;
  /** The body may be absent altogether (logout). */
  bodyOptional?: boolean;
  /** A multipart/form-data upload, read by the handler (documented with these file fields). */
  multipart?: { fileField: string; fileOptional?: boolean; fields?: Record<string, string> };
  query?: z.ZodType;
  params?: z.ZodType;
  /** Status of a successful answer (default 200). */
  status?: number;
  responseDescription?: string;
  /**
   * Per-client ceiling of a public operation ('none' or 'widget-key' auth), counted before anything
   * else; without it PUBLIC_CALLS_PER_MINUTE applies (lib/security/public-limit.ts).
   */
  limit?: PublicLimit;
  /** Statuses, besides 422, that this call answers with `{detail}`. */
  errors?: number[];
  /**
   * A widget call on a visitor's session (`session_id`; lib/widget/visitor-token.ts): 'claim' also
   * works for a session whose token nobody holds yet (and hands it out), 'require' needs the token.
   * A function decides by the parsed input (thumbs need the token; the loader's page events do not).
   */
  visitor?: VisitorRule | ((input: { body: unknown; query: unknown }) => VisitorRule | null);
  /** What the call does: one service call on the parsed input (typed by `operation` / `widgetOperation`). */
  handler?: (input: never) => unknown;
  /** The REST answer made from the handler's result, when it is more than the result as JSON (a header); the server action answers the result itself. */
  respond?: (result: never) => Response;
  /** A widget call's own limits (lib/widget/access.ts WidgetLimits; 'calls' when absent). */
  widgetLimits?: string;
};

export type VisitorRule = 'claim' | 'require';

export const defineOperations = <T extends Record<string, Operation>>(ops: T): T => ops;

/** A per-client ceiling on one public operation: `max` calls per `windowSeconds`. */
export type PublicLimit = {
  max: number;
  windowSeconds: number;
  /** Counted in each process even on Postgres: for calls that touch nothing shared (liveness), which a database write would cost more than they do. */
  perProcess?: boolean;
};

/** Calls per minute and client of every public operation that names no limit of its own (PUBLIC_CALLS_PER_MINUTE). */
export function defaultPublicLimit(): PublicLimit {
  const v = Number(process.env.PUBLIC_CALLS_PER_MINUTE);
  return { max: Number.isFinite(v) && v > 0 ? Math.floor(v) : 300, windowSeconds: 60 };
}

/** Public operations: those a caller reaches without an account (no auth, optional auth, or the widget's key). */
export const isPublicOperation = (op: Operation) => op.auth === 'none' || op.auth === 'optional' || op.auth === 'widget-key';

/** The per-client limit of a public operation (null for a signed-in one, limited by its account's session). */
export function publicLimitOf(op: Operation): PublicLimit | null {
  if (!isPublicOperation(op)) return null;
  return op.limit ?? defaultPublicLimit();
}
