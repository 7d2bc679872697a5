import 'server-only';
import { deleteExpiredCounters } from './rate-limit';

export async function cleanupRateLimits() {
  return { counters_deleted: await deleteExpiredCounters() };
}
