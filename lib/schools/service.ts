import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { schools, users } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { conflict, notFound } from '@/lib/http/errors';
import { toSchool } from './present';
import type { SchoolCreateInput } from './schema';

export const NO_SCHOOL = 'No school associated with this account';

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

/** GET /schools/my-school: the caller's school, or 404 with the spec's detail. */
export async function getMySchool(ctx: AuthContext) {
  const school = await findOwnSchool(ctx);
  if (!school) throw notFound(NO_SCHOOL);
  return toSchool(school);
}

/**
 * Creates the caller's school and attaches it to their account. A plain user who sets up a school
 * becomes its admin; a superuser stays superuser. An account that already has a school gets 409.
 */
export async function createSchool(ctx: AuthContext, input: SchoolCreateInput) {
  if (ctx.schoolId !== null) throw conflict('This account already has a school');
  const db = await getDb();
  const school = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schools)
      .values({
        name: input.name,
        locations: input.locations,
        websiteUrl: input.website_url ?? null,
        classification: input.classification,
        degreeLevels: input.degree_levels,
        institutionControl: input.institution_control,
        taxStatus: input.tax_status,
      })
      .returning();
    const attached = await tx
      .update(users)
      .set({ schoolId: row!.id, role: ctx.role === 'superuser' ? 'superuser' : 'admin', updatedAt: new Date() })
      .where(and(eq(users.id, ctx.user.id), sql`${users.schoolId} is null`))
      .returning({ id: users.id });
    // A concurrent request attached a school first.
    if (attached.length === 0) throw conflict('This account already has a school');
    return row!;
  });
  return toSchool(school);
}
