import { currentKeyAction } from '@/app/actions/chatbot';
import type { ActionResult } from '@/lib/http/action-result';

/** The school's widget key, or null before one is generated (GET /chatbot/current-key answers 404 until then). */
export async function loadCurrentKey(): Promise<ActionResult<string | null>> {
  const res = await currentKeyAction();
  if (res.ok) return { ok: true, data: res.data.api_key };
  return res.code === 'not_found' ? { ok: true, data: null } : res;
}
