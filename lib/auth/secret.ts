import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from '@/db/data-dir';

let cached: string | undefined;

/**
 * The key that signs access tokens and web sessions. From AUTH_SECRET / NEXTAUTH_SECRET, else a random
 * key generated once and kept in DATA_DIR, so a fresh clone runs with no configuration and sessions
 * survive restarts.
 */
export function getAuthSecret(): string {
  if (cached) return cached;
  const fromEnv = process.env.AUTH_SECRET || process.env.NEXTAUTH_SECRET;
  if (fromEnv) return (cached = fromEnv);
  const dir = dataDir();
  const file = path.join(dir, 'auth-secret');
  try {
    cached = fs.readFileSync(file, 'utf8').trim();
    if (cached) return cached;
  } catch {
    // not created yet
  }
  fs.mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    cached = secret;
  } catch {
    // Another process won the race: use its secret.
    cached = fs.readFileSync(file, 'utf8').trim();
  }
  return cached;
}
