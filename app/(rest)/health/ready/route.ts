import { checkReadiness } from '@/lib/system/readiness';

// Readiness, beside the liveness /health: answers 200 only while the database answers.
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const state = await checkReadiness();
  if (!state.ready) return Response.json({ detail: state.detail }, { status: 503, headers: { 'cache-control': 'no-store' } });
  return Response.json({ status: 'ready', database: state.database, latency_ms: state.latency_ms }, { headers: { 'cache-control': 'no-store' } });
}
