import { clientHash } from '@/lib/http/client';
import { publicLimitOf, type Operation } from '@/lib/http/operation';
import { takeHits } from './request-limits';

/**
 * Counts this call against its operation's per-client limit before anything else is read (so a
 * flood of malformed or unauthenticated calls is refused as cheaply as a well-formed one): 429
 * with Retry-After when over. Kept in this process on PGlite, in rate_limit_counters on Postgres,
 * once across every instance. The stricter limits of sign-in, reset requests, contact and chat
 * apply on top of this one, in their services.
 */
export async function limitPublicCall(op: Operation, req: Request): Promise<void> {
  const limit = publicLimitOf(op);
  if (!limit) return;
  await takeHits([{ key: `${op.method} ${op.path}:${clientHash(req)}`, max: limit.max, windowMs: limit.windowSeconds * 1000 }], {
    prefix: 'public:',
    message: 'Too many requests. Please wait a moment and try again.',
    perProcess: !!limit.perProcess,
  });
}
