import { serviceUnavailable } from '@/lib/http/errors';
import { errorResponse } from '@/lib/http/error-response';
import { limitPublicCall } from '@/lib/security/public-limit';
import { systemOperations } from '@/lib/system/operations';
import { checkReadiness, NOT_READY_RETRY_AFTER } from '@/lib/system/readiness';

// Readiness, beside the liveness /health: answers 200 only while the database answers.
export const dynamic = 'force-dynamic';

export async function GET(req: Request): Promise<Response> {
  // Counted in this process: the answer must stay 503, not a limiter's error, while the database is down.
  const refused = await limitPublicCall(systemOperations.ready, req).then(() => null, errorResponse);
  if (refused) return refused;
  const state = await checkReadiness();
  if (!state.ready) {
    // Shaped like every other 503: a load balancer or a script reads Retry-After and the code.
    const res = serviceUnavailable(state.detail, NOT_READY_RETRY_AFTER).toResponse();
    res.headers.set('cache-control', 'no-store');
    return res;
  }
  return Response.json({ status: 'ready', database: state.database, latency_ms: state.latency_ms }, { headers: { 'cache-control': 'no-store' } });
}
