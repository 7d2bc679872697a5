import 'server-only';
import { hash, verify } from '@node-rs/argon2';

/** The password hash of an account made by single sign-on: no password matches it (verify fails on it). */
export const NO_PASSWORD = '!sso';

// argon2id, m=19 MiB, t=2, p=1 (OWASP's baseline).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same effort as a real check, so an unknown e-mail answers in about the same time. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('lantern-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
