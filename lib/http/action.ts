import 'server-only';
import { z } from 'zod';
import type { AuthContext } from '@/lib/auth/accounts';
import { getStaffSession } from '@/lib/auth/web-session';
import type { ActionResult } from './action-result';
import { assertStorableText } from './body';
import { databaseFault, FAULT_DETAIL } from '@/db/faults';
import { AppError } from './errors';
import { logError, logValue, errorText } from '@/lib/system/log';
import type { Operation } from './operation';
import { clientAddressFrom } from './client';
import { requestContext, withRequestContext, type RequestContext } from '@/lib/audit/context';

export type { ActionResult } from './action-result';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/**
 * The frame of every staff server action (each export is a public POST): load the signed-in
 * account, validate the input with the same schema as the REST route, run one lib function, and
 * answer a typed result instead of throwing. A missing or ended session is answered with the code
 * `session_expired`, which the client data layer (lib/web/api.ts callAction) turns into the
 * spec's sign-in prompt.
 */
export async function staffAction<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  body: (ctx: AuthContext, data: z.infer<S>) => Promise<T>,
): Promise<ActionResult<T>> {
  return withRequestContext(await actionRequestContext(), () => runStaffAction(schema, input, body));
}

/** The action's request (its caller's address and id) for the audit entries it records; none outside a request. */
async function actionRequestContext(): Promise<RequestContext> {
  try {
    const { headers } = await import('next/headers');
    const h = await headers();
    return requestContext(clientAddressFrom((name) => h.get(name)), h.get('x-request-id'));
  } catch {
    return requestContext(null, null);
  }
}

async function runStaffAction<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  body: (ctx: AuthContext, data: z.infer<S>) => Promise<T>,
): Promise<ActionResult<T>> {
  let ctx: AuthContext | null;
  try {
    // Inside the frame: the session check reads the database, which may be restarting.
    ctx = await getStaffSession();
  } catch (err) {
    return failure(err);
  }
  if (!ctx) return { ok: false, error: SESSION_EXPIRED, code: 'session_expired' };
  try {
    // The same text rule as the REST reader: Postgres cannot store NUL or broken Unicode.
    assertStorableText(input instanceof FormData ? [...input.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]) : input, ['body']);
  } catch {
    return { ok: false, error: 'Text contains characters that cannot be stored', code: 'validation' };
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => i.message).join('. '), code: 'validation' };
  try {
    return { ok: true, data: await body(ctx, parsed.data) };
  } catch (err) {
    return failure(err);
  }
}

type In<S> = S extends z.ZodType ? z.input<S> : never;

/** What a screen passes to an action made with actionFor (checked again on the server). */
export type ActionInput<O extends Operation> = { params?: In<O['params']>; query?: In<O['query']>; body?: In<O['body']> };

/** What an operation's handler answers. */
type ResultOf<O extends Operation> = O['handler'] extends (input: never) => infer R ? Awaited<R> : never;

/** A server action has no REST request: an operation whose handler reads `req` is a REST call only. */
const NO_REQUEST = {
  get req(): never {
    throw new Error('A server action has no request: this operation is a REST call only');
  },
};

/**
 * The server action of an operation: its input is `{params, query, body}` validated with the
 * operation's own schemas (the same as its REST route), and its handler runs on them with the
 * session, as the REST route's does. A screen calls the action; curl calls the route; both mean the
 * same. The action answers the handler's result (a REST `respond` shapes only the route's answer).
 */
export function actionFor<O extends Operation>(op: O) {
  const handler = op.handler as ((input: unknown) => unknown) | undefined;
  if (!handler) throw new Error(`${op.method} ${op.path} has no handler`);
  const shape: Record<string, z.ZodType> = {};
  if (op.params) shape.params = op.params;
  // An absent query is an empty one, as a URL without a query string: the schema's defaults apply.
  if (op.query) shape.query = z.preprocess((q) => q ?? {}, op.query);
  if (op.body) shape.body = op.bodyOptional ? op.body.optional() : op.body;
  const schema = z.preprocess((input) => input ?? {}, z.object(shape));
  return async (input?: ActionInput<O>): Promise<ActionResult<ResultOf<O>>> =>
    staffAction(schema, input, async (ctx, data) => (await handler(Object.assign(Object.create(NO_REQUEST), { params: undefined, query: undefined, body: undefined, ...data, ctx }))) as ResultOf<O>);
}

/** A thrown error as the typed result the client data layer branches on. */
function failure(err: unknown): ActionResult<never> {
  if (err instanceof AppError) {
    const error = typeof err.detail === 'string' ? err.detail : err.detail.map((d) => d.msg).join('. ');
    // The same code as the REST answer. Only the frame above says the session ended: a 401 from
    // inside (a wrong current password) answers `unauthorized`, shown in place.
    return { ok: false, error, code: err.code === 'session_expired' ? 'unauthorized' : err.code };
  }
  const fault = databaseFault(err);
  if (fault) {
    console.warn(`[action] database ${fault}: ${logValue(errorText(err))}`);
    return { ok: false, error: FAULT_DETAIL[fault], code: 'unavailable' };
  }
  console.error(`[action] unhandled error ${logError(err)}`);
  return { ok: false, error: 'An error occurred', code: 'unavailable' };
}
