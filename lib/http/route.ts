import 'server-only';
import type { z } from 'zod';
import type { AuthContext } from '@/lib/auth/accounts';
import { principalFromRequest } from '@/lib/auth/principal';
import { assertStorableText, readJsonBody } from './body';
import { errorResponse } from './error-response';
import { sessionEnded, unauthorized } from './errors';
import type { Operation } from './operation';
import { parseWith } from './validation';
import { limitPublicCall } from '@/lib/security/public-limit';
import { originIsOwnHost } from './origin';
import { clientAddress } from './client';
import { requestContext, withRequestContext } from '@/lib/audit/context';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Ctx<A extends Operation['auth']> = A extends 'bearer' | 'bearer-or-session' ? AuthContext : A extends 'optional' ? AuthContext | null : null;

type RouteInput<O extends Operation> = OperationInput<O['body'], O['query'], O['params'], O['auth']>;

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/**
 * The staff web session for a browser request. The cookie is SameSite=Lax, and the request must also
 * come from this site's own pages (Origin), so another site cannot post on a staff member's behalf.
 * An Origin that names no site (`null`, `file://`, a bare word) is refused like another site's.
 */
async function sessionPrincipal(req: Request): Promise<AuthContext> {
  // A same-origin GET (a download link) carries no Origin; the browser's Sec-Fetch-Site, which no
  // page can set, says it came from this site.
  const sameSiteGet = !req.headers.get('origin') && req.method === 'GET' && req.headers.get('sec-fetch-site') === 'same-origin';
  if (!sameSiteGet && !originIsOwnHost(req.headers)) throw unauthorized('Not authenticated');
  const { getStaffSession } = await import('@/lib/auth/web-session');
  const ctx = await getStaffSession();
  if (!ctx) throw sessionEnded();
  return ctx;
}

/** A staff or public operation's handler input (`widgetOperation`'s has the widget's caller instead of ctx). */
export type OperationInput<B, Q, P, A extends Operation['auth']> = { req: Request; body: Infer<B>; query: Infer<Q>; params: Infer<P>; ctx: Ctx<A> };

type Schema = z.ZodType | undefined;

/** An operation of the REST API (any auth but the widget's key), its handler typed from its schemas. */
export function operation<const A extends Exclude<Operation['auth'], 'widget-key'>, R, B extends Schema = undefined, Q extends Schema = undefined, P extends Schema = undefined>(
  op: Omit<Operation, 'auth' | 'body' | 'query' | 'params' | 'handler' | 'respond'> & {
    auth: A;
    body?: B;
    query?: Q;
    params?: P;
    handler: (input: OperationInput<B, Q, P, A>) => R;
    respond?: (result: Awaited<R>) => Response;
  },
) {
  return op;
}

/** The REST route of an operation: resolve the caller, parse the inputs with its schemas, run its handler, shape the answer. */
export function route<O extends Operation>(op: O) {
  const handler = op.handler as ((input: RouteInput<O>) => unknown) | undefined;
  if (!handler) throw new Error(`${op.method} ${op.path} has no handler`);
  const respond = op.respond as ((result: unknown) => Response) | undefined;
  const serve = async (req: Request, context: RouteContext): Promise<Response> => {
    try {
      await limitPublicCall(op, req);
      let ctx: AuthContext | null = null;
      if (op.auth === 'bearer') ctx = await principalFromRequest(req);
      else if (op.auth === 'bearer-or-session') ctx = req.headers.get('authorization') ? await principalFromRequest(req) : await sessionPrincipal(req);
      else if (op.auth === 'optional' && req.headers.get('authorization')) {
        ctx = await principalFromRequest(req).catch(() => null);
      }
      const params = op.params ? parseWith(op.params, (await context?.params) ?? {}, 'path') : undefined;
      let query;
      if (op.query) {
        const raw = Object.fromEntries(new URL(req.url).searchParams);
        assertStorableText(raw, ['query']);
        query = parseWith(op.query, raw, 'query');
      }
      const body = op.body ? parseWith(op.body, await readJsonBody(req, { optional: !!op.bodyOptional }), 'body') : undefined;
      const result = await handler({ req, body, query, params, ctx } as RouteInput<O>);
      if (respond) return respond(result);
      if (result instanceof Response) return result;
      // 204 No Content carries no body at all (a Response with one would throw).
      if (op.status === 204) return new Response(null, { status: 204 });
      return Response.json(result ?? null, { status: op.status ?? 200 });
    } catch (err) {
      return errorResponse(err);
    }
  };
  // The caller's address and the request's id, for the audit entries the handler records.
  return (req: Request, context: RouteContext): Promise<Response> =>
    withRequestContext(requestContext(clientAddress(req), req.headers.get('x-request-id')), () => serve(req, context));
}
