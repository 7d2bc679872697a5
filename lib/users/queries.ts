import 'server-only';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { schools, users } from '@/db/schema';
import type { UserWithSchool } from './present';

const withSchool = { ...getTableColumns(users), schoolName: schools.name };

export async function findUsers(where: SQL | undefined, opts: { offset?: number; limit?: number } = {}): Promise<UserWithSchool[]> {
  const db = await getDb();
  let q = db.select(withSchool).from(users).leftJoin(schools, eq(schools.id, users.schoolId)).where(where).orderBy(users.id).$dynamic();
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  return q;
}

export async function countUsers(where?: SQL): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return row?.n ?? 0;
}

export async function findUserById(id: number): Promise<UserWithSchool | null> {
  const [row] = await findUsers(eq(users.id, id), { limit: 1 });
  return row ?? null;
}

export const emailIs = (email: string) => sql`lower(${users.email}) = lower(${email})`;
export const sameSchool = (schoolId: number | null) =>
  schoolId === null ? sql`${users.schoolId} is null` : eq(users.schoolId, schoolId);

/** The accounts that already use this e-mail or username in the school (for 409 answers). */
export async function findClash(opts: { email?: string; username?: string; schoolId: number | null; exceptId?: number }) {
  const conds: SQL[] = [];
  if (opts.email) conds.push(emailIs(opts.email));
  if (opts.username) conds.push(sql`lower(${users.username}) = lower(${opts.username})`);
  if (conds.length === 0) return null;
  const rows = await findUsers(
    and(sameSchool(opts.schoolId), sql`(${sql.join(conds, sql` or `)})`, opts.exceptId ? sql`${users.id} <> ${opts.exceptId}` : undefined),
    { limit: 5 },
  );
  if (rows.some((r) => opts.email && r.email.toLowerCase() === opts.email.toLowerCase())) return 'email' as const;
  if (rows.length > 0) return 'username' as const;
  return null;
}
