import 'server-only';
import { eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '@/lib/auth/accounts';
import { noSchool } from '@/lib/http/errors';

// Tenancy in one place: who is calling (a staff member, with the school their session
// belongs to) and the school every school-scoped read and write is bound to. Writes take the
// school too (`where id = ? and school_id = ?`), so a missed read check can never become a
// cross-school write.

/** What a school-scoped call answers (404) to an account without a school. */
export const NO_SCHOOL = 'No school associated with this account';

/** A signed-in staff member: their account, role and the school their session belongs to (none for some superusers). */
export type StaffContext = AuthContext;

/** Every school-scoped call acts on the caller's school; without one it answers 404 'No school associated…'. */
export function requireSchoolId(ctx: StaffContext): number {
  if (ctx.schoolId === null) throw noSchool(NO_SCHOOL);
  return ctx.schoolId;
}

/** `school_id = ?` (or `school_id is null` for rows of no school): the school a row was read with, for the write that follows. */
export function inSchool(column: PgColumn, schoolId: number | null): SQL {
  return schoolId === null ? isNull(column) : eq(column, schoolId);
}
