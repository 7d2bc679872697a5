import { modelInfo, modelLabel } from '@/lib/ai/providers';
import { RELEASE } from '@/lib/version';

// Static facts, no database: the cheapest possible liveness answer. The assistant's model comes
// from the environment, which does not change while the process runs.
let body: string | undefined;

export function GET(): Response {
  if (!body) {
    const info = modelInfo();
    body = JSON.stringify({
      version: RELEASE.version,
      codename: RELEASE.codename,
      release_date: RELEASE.release_date,
      model: { mode: info.mode, name: info.model, label: modelLabel(info) },
    });
  }
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}
