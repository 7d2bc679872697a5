import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { getAuthSecret } from '@/lib/auth/secret';

// Secrets Lantern must show again (widget keys) are kept sealed with AES-256-GCM under a key
// derived from the install's secret, one derived key per purpose.
function keyFor(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', getAuthSecret(), 'lantern', purpose, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The sealed text, or null when it was sealed under another secret or altered. */
export function open(sealed: string, purpose: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
