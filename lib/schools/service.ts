import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { enqueue } from '@/lib/jobs/enqueue';
import { factSheets, schools, users, type School } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { recordAudit, staffActor } from '@/lib/audit/record';
import { conflict, forbidden, noSchool, validationError } from '@/lib/http/errors';
import { NO_SCHOOL } from '@/lib/tenancy';
import { blobIdOfUrl, deleteBlob, saveBlob, uploadUrl } from '@/lib/storage/blobs';
import { sniffImageType } from '@/lib/storage/image-type';
import { replaceSourceChunks } from '@/lib/knowledge/index';
import { factSheetPassages, schoolPassages } from './knowledge-text';
import { toFactSheet, toSchool } from './present';
import type { FactSheetInput, SchoolCreateInput, SchoolUpdateInput, SectionKey } from './schema';
import { dailyStatsRebuildJob } from '@/lib/analytics/jobs';
import { logError } from '@/lib/system/log';


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
    console.error(`[dashboard] own-school lookup failed ${logError(err)}`);
    return true;
  }
}

/** GET /schools/my-school: the caller's school, or 404 with the spec's detail. */
export async function getMySchool(ctx: AuthContext) {
  const school = await findOwnSchool(ctx);
  if (!school) throw noSchool(NO_SCHOOL);
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
        mascot: input.mascot ?? null,
        timeZone: input.time_zone,
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
    await replaceSourceChunks(tx, row!.id, 'school', '', schoolPassages(toSchool(row!)));
    return row!;
  });
  return toSchool(school);
}

/** The caller's school row; 404 with the spec's detail when the account has none. */
async function requireOwnSchool(ctx: AuthContext): Promise<School> {
  const school = await findOwnSchool(ctx);
  if (!school) throw noSchool(NO_SCHOOL);
  return school;
}

const COLUMNS: Record<string, keyof typeof schools.$inferInsert> = {
  name: 'name',
  locations: 'locations',
  website_url: 'websiteUrl',
  classification: 'classification',
  degree_levels: 'degreeLevels',
  institution_control: 'institutionControl',
  tax_status: 'taxStatus',
  religious_affiliation: 'religiousAffiliation',
  accreditation_info: 'accreditationInfo',
  mascot: 'mascot',
  primary_color: 'primaryColor',
  secondary_color: 'secondaryColor',
  tertiary_color: 'tertiaryColor',
  font_family: 'fontFamily',
  contact_points: 'contactPoints',
  tuition_info: 'tuitionInfo',
  tuition_instructions: 'tuitionInstructions',
  social_media_links: 'socialMediaLinks',
  time_zone: 'timeZone',
};

/** Writes the given API fields (snake_case) to the caller's school. Undefined fields stay as they are. */
async function writeSchool(ctx: AuthContext, fields: Record<string, unknown>) {
  const school = await requireOwnSchool(ctx);
  const changes: Record<string, unknown> = { updatedAt: new Date() };
  for (const [field, value] of Object.entries(fields)) {
    const column = COLUMNS[field];
    if (column && value !== undefined) changes[column] = value;
  }
  const db = await getDb();
  const newZone = typeof fields.time_zone === 'string' && fields.time_zone !== school.timeZone ? fields.time_zone : null;
  return db.transaction(async (tx) => {
    if (newZone !== null) {
      // The database counts the days: it must know the zone as well as the browser did.
      const known = await tx.execute(sql`select 1 from pg_timezone_names where name = ${newZone} limit 1`);
      if (resultRows(known).length === 0) {
        throw validationError([{ loc: ['body', 'time_zone'], msg: 'Time zone must be an IANA time zone name such as America/New_York', type: 'value_error' }]);
      }
      // The reports' days are counted again in the new zone, in the background.
      await enqueue(dailyStatsRebuildJob, { school_id: school.id }, {}, tx);
    }
    const [row] = await tx.update(schools).set(changes).where(eq(schools.id, school.id)).returning();
    const view = toSchool(row!);
    // The assistant's retrieval index follows the profile in the same transaction.
    await replaceSourceChunks(tx, school.id, 'school', '', schoolPassages(view));
    return view;
  });
}

/** PUT /schools/my-school: the whole profile. */
export async function updateMySchool(ctx: AuthContext, input: SchoolUpdateInput) {
  const full: Record<string, unknown> = { ...input };
  // Optional text left out of a PUT is cleared, as a replacement should.
  for (const key of ['website_url', 'mascot', 'religious_affiliation', 'accreditation_info', 'tuition_info', 'tuition_instructions']) full[key] = full[key] ?? null;
  return writeSchool(ctx, full);
}

/** PATCH /schools/my-school/{section}: one section of School Management. */
export async function updateSchoolSection(ctx: AuthContext, _section: SectionKey, input: Record<string, unknown>) {
  return writeSchool(ctx, input);
}

/**
 * Deletes the caller's school and everything it owns (cascading foreign keys). Its accounts stay,
 * without a school; an account whose person has another account elsewhere (a linked account) is
 * removed with the school, and a username already taken among accounts without a school gets a suffix.
 */
export async function deleteMySchool(ctx: AuthContext) {
  const school = await requireOwnSchool(ctx);
  if (ctx.role !== 'admin' && ctx.role !== 'superuser') throw forbidden('Only an admin of this school can delete it');
  const db = await getDb();
  await db.transaction(async (tx) => {
    const members = await tx.select().from(users).where(eq(users.schoolId, school.id));
    for (const m of members) {
      const elsewhere = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${m.email})`, ne(users.id, m.id), sql`coalesce(${users.schoolId}, 0) <> ${school.id}`))
        .limit(1);
      if (elsewhere.length > 0) {
        await tx.delete(users).where(and(eq(users.id, m.id), eq(users.schoolId, school.id)));
        continue;
      }
      const taken = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`${users.schoolId} is null`, sql`lower(${users.username}) = lower(${m.username})`))
        .limit(1);
      await tx
        .update(users)
        .set({ schoolId: null, username: taken.length ? `${m.username}-${m.id}` : m.username, updatedAt: new Date() })
        .where(eq(users.id, m.id));
    }
    await tx.delete(schools).where(eq(schools.id, school.id));
    await recordAudit({ action: 'school.deleted', actor: staffActor(ctx), schoolId: school.id, target: { type: 'school', id: school.id }, details: { members: members.length } }, tx);
  });
  return { message: 'School deleted successfully' };
}

export const LOGO_INVALID = 'Please upload a valid image file (PNG, JPEG, WebP or GIF)';
export const LOGO_TOO_LARGE = 'File size must be less than 5MB';

/** Stores a logo whose content is PNG, JPEG, WebP or GIF (checked by its bytes), replacing the previous one. */
export async function uploadLogo(ctx: AuthContext, file: { bytes: Uint8Array; filename: string }) {
  const school = await requireOwnSchool(ctx);
  const type = sniffImageType(file.bytes);
  if (!type) throw validationError([{ loc: ['body', 'file'], msg: LOGO_INVALID, type: 'image_type' }]);
  const id = await saveBlob({ schoolId: school.id, contentType: type, filename: file.filename.slice(0, 255), data: file.bytes, isPublic: true });
  const previous = blobIdOfUrl(school.logoUrl);
  const db = await getDb();
  const [row] = await db.update(schools).set({ logoUrl: uploadUrl(id), updatedAt: new Date() }).where(eq(schools.id, school.id)).returning();
  if (previous) await deleteBlob(previous, school.id);
  return toSchool(row!);
}

export const FACT_SHEET_NO_SCHOOL = 'No school associated with this account. Please set up your school information first.';

export async function getFactSheet(ctx: AuthContext) {
  const school = await findOwnSchool(ctx);
  if (!school) throw noSchool(FACT_SHEET_NO_SCHOOL);
  const db = await getDb();
  const [row] = await db.select().from(factSheets).where(eq(factSheets.schoolId, school.id)).limit(1);
  return toFactSheet(row ?? null);
}

export async function saveFactSheet(ctx: AuthContext, input: FactSheetInput) {
  const school = await findOwnSchool(ctx);
  if (!school) throw noSchool(FACT_SHEET_NO_SCHOOL);
  const values = {
    programs: input.programs,
    athleticTeams: input.athletic_teams,
    studentClubs: input.student_clubs,
    importantDeadlines: input.important_deadlines.map((d) => ({ name: d.name, date: d.date, description: d.description ?? null })),
    updatedAt: new Date(),
  };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(factSheets)
      .values({ schoolId: school.id, ...values })
      .onConflictDoUpdate({ target: factSheets.schoolId, set: values })
      .returning();
    const view = toFactSheet(row!);
    await replaceSourceChunks(tx, school.id, 'fact_sheet', '', factSheetPassages(school.name, view));
    return view;
  });
}
