import 'server-only';
import type { z } from 'zod';
import type { AuthContext } from '@/lib/auth/accounts';
import { principalFromRequest } from '@/lib/auth/principal';
import { assertStorableText, readJsonBody } from './body';
import { databaseFault, FAULT_DETAIL, FAULT_RETRY_AFTER, isUniqueViolation } from '@/db/faults';
import { AppError, conflict, serviceUnavailable, sessionEnded, unauthorized } from './errors';
import type { Operation } from './operation';
import { parseWith } from './validation';
import { limitPublicCall } from '@/lib/security/public-limit';
import { originIsOwnHost } from './origin';
import { logError, logValue } from '@/lib/system/log';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Ctx<O extends Operation> = O['auth'] extends 'bearer' | 'bearer-or-session' ? AuthContext : O['auth'] extends 'optional' ? AuthContext | null : null;

export type RouteInput<O extends Operation> = {
  req: Request;
  body: Infer<O['body']>;
  query: Infer<O['query']>;
  params: Infer<O['params']>;
  ctx: Ctx<O>;
};

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

/** Every failure answers FastAPI-shaped `{detail, code}`; the code comes from AppError alone. */
export function errorResponse(err: unknown): Response {
  if (err instanceof AppError) return err.toResponse();
  // A unique-constraint race that the service's own checks could not see answers 409, not 500.
  if (isUniqueViolation(err)) return conflict('A record with these details already exists').toResponse();
  const fault = databaseFault(err);
  if (fault) {
    // Expected while the database restarts or is saturated: one line, not a stack per request.
    console.warn(`[api] database ${fault}: ${logValue((err as Error)?.message ?? err)}`);
    return serviceUnavailable(FAULT_DETAIL[fault], FAULT_RETRY_AFTER[fault]).toResponse();
  }
  console.error(`[api] unhandled error ${logError(err)}`);
  return new AppError(500, 'Internal server error').toResponse();
}

/** A thin route handler: resolve the caller, parse inputs with the operation's schemas, call lib, shape the answer. */
export function route<O extends Operation>(op: O, handler: (input: RouteInput<O>) => Promise<unknown> | unknown) {
  return async (req: Request, context: RouteContext): Promise<Response> => {
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
      if (result instanceof Response) return result;
      // 204 No Content carries no body at all (a Response with one would throw).
      if (op.status === 204) return new Response(null, { status: 204 });
      return Response.json(result ?? null, { status: op.status ?? 200 });
    } catch (err) {
      return errorResponse(err);
    }
  };
}

