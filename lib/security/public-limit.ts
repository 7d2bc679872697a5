import { clientHash } from '@/lib/http/client';
import { publicLimitOf, type Operation } from '@/lib/http/operation';
import { takeHits, type RequestLimit } from './request-limits';

const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/**
 * This call's hit on its operation's per-client limit (null for a signed-in operation), for a caller
 * that counts it together with limits of its own (the widget's routes: one round trip for all).
 */
export function publicLimitHit(op: Operation, req: Request): (RequestLimit & { perProcess: boolean }) | null {
  const limit = publicLimitOf(op);
  if (!limit) return null;
  return {
    key: `${op.method} ${op.path}:${clientHash(req)}`, max: limit.max, windowMs: limit.windowSeconds * 1000,
    prefix: 'public:', message: TOO_MANY_REQUESTS, perProcess: !!limit.perProcess,
  };
}

/**
 * Counts this call against its operation's per-client limit before anything else is read (so a
 * flood of malformed or unauthenticated calls is refused as cheaply as a well-formed one): 429
 * with Retry-After when over. Kept in this process on PGlite, in Redis when REDIS_URL is set, else
 * in rate_limit_counters (batched), once across every instance. The stricter limits of sign-in,
 * reset requests, contact and chat apply on top of this one.
 */
export async function limitPublicCall(op: Operation, req: Request): Promise<void> {
  const hit = publicLimitHit(op, req);
  if (hit) await takeHits([hit], { perProcess: hit.perProcess });
}
