import { RELEASE } from '@/lib/version';

// Static facts, no database: the cheapest possible liveness answer.
const body = JSON.stringify({ version: RELEASE.version, codename: RELEASE.codename, release_date: RELEASE.release_date });

export function GET(): Response {
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}
