import { modelInfo, modelLabel } from '@/lib/ai/providers';
import { errorResponse } from '@/lib/http/error-response';
import { limitPublicCall } from '@/lib/security/public-limit';
import { systemOperations } from '@/lib/system/operations';
import { RELEASE } from '@/lib/version';

// Static facts, no database: the cheapest possible liveness answer. The assistant's model comes
// from the environment, which does not change while the process runs.
let body: string | undefined;

export async function GET(req: Request): Promise<Response> {
  // Counted in this process only (no database): a liveness check must not wait on one.
  const refused = await limitPublicCall(systemOperations.health, req).then(() => null, errorResponse);
  if (refused) return refused;
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
