import 'server-only';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { readJsonBody } from '@/lib/http/body';
import { errorResponse } from '@/lib/http/error-response';
import type { Operation } from '@/lib/http/operation';
import { parseWith } from '@/lib/http/validation';
import { clientHash } from '@/lib/http/client';
import { sessionIdField } from '@/lib/chat/schema';
import { publicLimitHit } from '@/lib/security/public-limit';
import { takeHits, type RequestLimit } from '@/lib/security/request-limits';
import { authorizeWidget, isOriginRefusal, preflight, sentKeyHash, widgetLimits, withCors, type WidgetCaller, type WidgetLimits } from './access';
import { claimVisitorSession, issueVisitorToken, VISITOR_TOKEN_HEADER, visitorTokenRefused, visitorTokenValid } from './visitor-token';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** The session a body names, when it names a valid one (read before the body is validated, for its limit). */
function sessionNamed(raw: unknown): string | null {
  const id = raw && typeof raw === 'object' ? (raw as { session_id?: unknown }).session_id : undefined;
  return sessionIdField.safeParse(id).success ? (id as string) : null;
}

/** A widget call's handler input: the caller its key names, and the parsed body and query. */
export type WidgetInput<B, Q> = { req: Request; caller: WidgetCaller; body: Infer<B>; query: Infer<Q> };

type Schema = z.ZodType | undefined;

/** An operation of the widget's public API (`X-API-Key`), its handler typed from its schemas. */
export function widgetOperation<R, B extends Schema = undefined, Q extends Schema = undefined>(
  op: Omit<Operation, 'auth' | 'body' | 'query' | 'handler' | 'widgetLimits'> & { auth: 'widget-key'; body?: B; query?: Q; widgetLimits?: WidgetLimits; handler: (input: WidgetInput<B, Q>) => R },
) {
  return op;
}

/**
 * The REST route of a widget operation. Every limit of the call (the public call's per client, the widget's
 * own: `limits`) is counted first, in one round trip to the limits' store, from what the request
 * says (the key's hash, the client, the session); then the key and the calling page are judged (so
 * a refused site learns nothing else), then the body is validated. Every answer to an allowed page
 * carries CORS headers.
 */
export function widgetRoute<O extends Operation>(op: O) {
  const handler = op.handler as ((input: WidgetInput<O['body'], O['query']>) => unknown) | undefined;
  if (!handler) throw new Error(`${op.method} ${op.path} has no handler`);
  const limits = (op.widgetLimits ?? 'calls') as WidgetLimits;
  return async (req: Request): Promise<Response> => {
    const started = performance.now();
    let res: Response;
    let refused = false;
    let visitor: { token: string; issued: boolean } | null = null;
    try {
      let raw: unknown;
      let unreadable: unknown = null;
      if (op.body) raw = await readJsonBody(req, { anyContentType: true }).catch((err: unknown) => void (unreadable = err));
      const hits: RequestLimit[] = [];
      const hit = publicLimitHit(op, req);
      if (hit?.perProcess) await takeHits([hit], { perProcess: true });
      else if (hit) hits.push(hit);
      const keyHash = sentKeyHash(req);
      if (keyHash) hits.push(...widgetLimits(limits, keyHash, clientHash(req), sessionNamed(raw)));
      await takeHits(hits);
      const caller = await authorizeWidget(req);
      if (unreadable) throw unreadable;
      const body = op.body ? parseWith(op.body, raw, 'body') : undefined;
      const query = op.query ? parseWith(op.query, Object.fromEntries(new URL(req.url).searchParams), 'query') : undefined;
      visitor = await visitorOf(op, req, caller, body, query);
      const result = await handler({ req, caller, body: body as Infer<O['body']>, query: query as Infer<O['query']> });
      res = result instanceof Response ? result : op.status === 204 ? new Response(null, { status: 204 }) : Response.json(withToken(result, visitor), { status: op.status ?? 200 });
    } catch (err) {
      refused = isOriginRefusal(err);
      res = errorResponse(err);
    }
    // Failures too: a session claimed by a call that then failed (the database restarting) stays the visitor's.
    if (visitor) res.headers.set(VISITOR_TOKEN_HEADER, visitor.token);
    // The server's own time for the answer (to its first byte when streamed), for monitoring and bench/chat.ts.
    res.headers.set('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
    if (refused) return res;
    res.headers.set('Timing-Allow-Origin', req.headers.get('origin') ?? '*');
    return withCors(res, req);
  };
}

/**
 * The visitor's session a call names, judged by the operation's rule: with the session's token, or
 * ('claim') on a session nobody holds yet. A 'claim' call that names no session starts one here, so
 * its token is known before the answer starts (a stream's headers go first). The answer carries a
 * renewed token; `issued` when the caller came without one (the first answer also has it in its body).
 */
async function visitorOf(op: Operation, req: Request, caller: WidgetCaller, body: unknown, query: unknown): Promise<{ token: string; issued: boolean } | null> {
  const rule = typeof op.visitor === 'function' ? op.visitor({ body, query }) : op.visitor;
  if (!rule) return null;
  const input = (body ?? query) as { session_id?: string };
  if (!input.session_id) {
    if (rule === 'require') throw visitorTokenRefused();
    input.session_id = randomUUID();
  }
  const sessionId = input.session_id;
  let issued = false;
  if (!visitorTokenValid(req.headers.get(VISITOR_TOKEN_HEADER), caller.schoolId, sessionId)) {
    if (rule === 'require' || !(await claimVisitorSession(caller.schoolId, sessionId))) throw visitorTokenRefused();
    issued = true;
  }
  return { token: issueVisitorToken(caller.schoolId, sessionId), issued };
}

const withToken = (result: unknown, visitor: { token: string; issued: boolean } | null) =>
  visitor?.issued && result && typeof result === 'object' && !Array.isArray(result) ? { ...result, visitor_token: visitor.token } : (result ?? null);

export const widgetPreflight = (req: Request) => preflight(req).catch(errorResponse);
