import { createHmac } from 'node:crypto';
import { getAuthSecret } from '@/lib/auth/secret';

/** The caller's address as seen through a proxy, if any. */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for');
  if (forwarded) return forwarded.split(',')[0]!.trim();
  return req.headers.get('x-real-ip')?.trim() || 'unknown';
}

/** A keyed hash of a client address: enough to rate-limit, never stored in the clear. */
export function hashClientAddress(address: string): string {
  return createHmac('sha256', getAuthSecret()).update(address).digest('hex').slice(0, 32);
}

export function clientHash(req: Request): string {
  return hashClientAddress(clientAddress(req));
}
