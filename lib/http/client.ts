import { createHmac } from 'node:crypto';
import { getAuthSecret } from '@/lib/auth/secret';

/** The caller's address as seen through a proxy, if any. */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for');
  if (forwarded) return forwarded.split(',')[0]!.trim();
  return req.headers.get('x-real-ip')?.trim() || 'unknown';
}

/** A keyed hash of the client address: enough to rate-limit, never stored in the clear. */
export function clientHash(req: Request): string {
  return createHmac('sha256', getAuthSecret()).update(clientAddress(req)).digest('hex').slice(0, 32);
}
