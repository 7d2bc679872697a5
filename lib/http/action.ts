import 'server-only';
import type { z } from 'zod';
import type { AuthContext } from '@/lib/auth/accounts';
import { getStaffSession } from '@/lib/auth/web-session';
import { AppError } from './errors';

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; unauthorized?: boolean };

/**
 * The frame of every staff server action (each export is a public POST): load the signed-in
 * account, validate the input with the same schema as the REST route, run one lib function, and
 * answer a typed result instead of throwing.
 */
export async function staffAction<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  body: (ctx: AuthContext, data: z.infer<S>) => Promise<T>,
): Promise<ActionResult<T>> {
  const ctx = await getStaffSession();
  if (!ctx) return { ok: false, error: 'Your session has expired. Please log in again.', unauthorized: true };
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => i.message).join('. ') };
  try {
    return { ok: true, data: await body(ctx, parsed.data) };
  } catch (err) {
    if (err instanceof AppError) {
      const error = typeof err.detail === 'string' ? err.detail : err.detail.map((d) => d.msg).join('. ');
      return { ok: false, error, unauthorized: err.status === 401 };
    }
    console.error('[action] unhandled error', err);
    return { ok: false, error: 'An error occurred' };
  }
}
