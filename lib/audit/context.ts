import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Who sent the request an audit entry is recorded in: its client address and its request id. */
export type RequestContext = { clientAddress: string | null; requestId: string };

const store = new AsyncLocalStorage<RequestContext>();

// An id a proxy in front already gave the request is kept, so its log and ours name the same
// request; anything else (absent, too long, odd characters) is replaced by our own.
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's context from its client address (lib/http/client.ts) and its X-Request-Id header. */
export function requestContext(clientAddress: string | null, givenRequestId: string | null | undefined): RequestContext {
  const given = givenRequestId?.trim();
  return { clientAddress: clientAddress && clientAddress !== 'unknown' ? clientAddress : null, requestId: given && GIVEN_ID.test(given) ? given : randomUUID() };
}

/**
 * Runs one request's work with its context, which recordAudit reads: the REST route, the server
 * action frame and the web sign-in set it, so no service has to pass addresses along.
 */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return store.run(context, fn);
}

/** The context of the request being served (null in a job or a scheduled task). */
export function currentRequestContext(): RequestContext | null {
  return store.getStore() ?? null;
}
