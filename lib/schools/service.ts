import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { schools } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';

/** A superuser sees every school; anyone else sees their own (or none). */
export async function listSchools(ctx: AuthContext, page: { skip: number; limit: number }) {
  if (ctx.role !== 'superuser' && ctx.schoolId === null) return [];
  const db = await getDb();
  return db
    .select({ id: schools.id, name: schools.name, website_url: schools.websiteUrl, logo_url: schools.logoUrl })
    .from(schools)
    .where(ctx.role === 'superuser' ? undefined : eq(schools.id, ctx.schoolId!))
    .orderBy(asc(schools.name), asc(schools.id))
    .offset(page.skip)
    .limit(page.limit);
}

/** The caller's own school row, or null when the account has none yet. */
export async function findOwnSchool(ctx: AuthContext) {
  if (ctx.schoolId === null) return null;
  const db = await getDb();
  const [school] = await db.select().from(schools).where(eq(schools.id, ctx.schoolId)).limit(1);
  return school ?? null;
}

/** The dashboard's school-exists flag: only a confirmed absence is false; a failed lookup counts as present. */
export async function schoolExists(ctx: AuthContext): Promise<boolean> {
  try {
    return (await findOwnSchool(ctx)) !== null;
  } catch (err) {
    console.error('[dashboard] own-school lookup failed', err);
    return true;
  }
}
