import 'server-only';
import { deleteExpiredCounters } from '@/lib/security/rate-limit';

export async function cleanupRateLimits() {
  return { counters_deleted: await deleteExpiredCounters() };
}
