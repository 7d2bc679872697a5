import { RELEASE } from '@/lib/version';

// Baseline for bench/foundation.mjs: the same JSON as /health from a bare handler.
// Answers 404 unless the server was started for benchmarking.
const body = JSON.stringify({ version: RELEASE.version, codename: RELEASE.codename, release_date: RELEASE.release_date });

export function GET(): Response {
  if (process.env.LANTERN_BENCH !== '1') return Response.json({ detail: 'Not Found' }, { status: 404 });
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}
