import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { schools, users } from '@/db/schema';
import { inSchool } from '@/lib/tenancy';
import type { AuthContext } from '@/lib/auth/accounts';
import { assertPasswordPolicy } from '@/lib/auth/accounts';
import { hashPassword } from '@/lib/auth/password';
import { revokeAllRefreshTokens } from '@/lib/auth/tokens';
import { badRequest, conflict, forbidden, notFound } from '@/lib/http/errors';
import { toAdminUser, type UserWithSchool } from './present';
import { countUsers, findClash, findUserById, findUsers } from './queries';
import type { CreateUserInput, UpdateUserInput } from './schema';

/**
 * Rules of user administration: a superuser acts on any account; an admin on the accounts of
 * their own school, with roles user and admin only; a user on none.
 */
function assertAdministrator(ctx: AuthContext): void {
  if (ctx.role !== 'superuser' && ctx.role !== 'admin') throw forbidden('Not enough permissions');
  if (ctx.role === 'admin' && ctx.schoolId === null) throw forbidden('Admins without a school cannot manage users');
}

function visibleTo(ctx: AuthContext): SQL | undefined {
  return ctx.role === 'superuser' ? undefined : eq(users.schoolId, ctx.schoolId!);
}

/** Loads a user the caller may administer; another school's user is a 404, like a missing one. */
async function loadManaged(ctx: AuthContext, id: number): Promise<UserWithSchool> {
  assertAdministrator(ctx);
  const user = await findUserById(id);
  if (!user || (ctx.role !== 'superuser' && user.schoolId !== ctx.schoolId)) throw notFound('User not found');
  if (ctx.role !== 'superuser' && user.role === 'superuser') throw forbidden('Only a superuser can change a superuser account');
  return user;
}

function assertRoleAllowed(ctx: AuthContext, role: string | undefined): void {
  if (role === 'superuser' && ctx.role !== 'superuser') throw forbidden('Only a superuser can assign the superuser role');
}

async function assertSchoolAllowed(ctx: AuthContext, schoolId: number | null | undefined): Promise<void> {
  if (ctx.role !== 'superuser') {
    if (schoolId !== ctx.schoolId) throw forbidden('Admins can only manage users of their own school');
    return;
  }
  if (schoolId === null || schoolId === undefined) return;
  const db = await getDb();
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  if (!school) throw notFound('School not found');
}

async function assertNoClash(opts: { email?: string; username?: string; schoolId: number | null; exceptId?: number }): Promise<void> {
  const clash = await findClash(opts);
  if (clash === 'email') throw conflict('A user with this email already exists in this school');
  if (clash === 'username') throw conflict('Username already taken in this school');
}

export async function listUsers(ctx: AuthContext, page: { skip: number; limit: number }) {
  assertAdministrator(ctx);
  const where = visibleTo(ctx);
  const [rows, total] = await Promise.all([findUsers(where, { offset: page.skip, limit: page.limit }), countUsers(where)]);
  return { data: rows.map(toAdminUser), total, skip: page.skip, limit: page.limit };
}

export async function getUser(ctx: AuthContext, id: number) {
  assertAdministrator(ctx);
  const user = await findUserById(id);
  if (!user || (ctx.role !== 'superuser' && user.schoolId !== ctx.schoolId)) throw notFound('User not found');
  return toAdminUser(user);
}

export async function createUser(ctx: AuthContext, input: CreateUserInput) {
  assertAdministrator(ctx);
  assertRoleAllowed(ctx, input.role);
  const schoolId = input.school_id ?? null;
  await assertSchoolAllowed(ctx, schoolId);
  await assertNoClash({ email: input.email, username: input.username, schoolId });
  assertPasswordPolicy(input.password, 'password', { username: input.username, email: input.email });
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      username: input.username,
      firstName: input.first_name,
      lastName: input.last_name,
      role: input.role,
      schoolId,
      passwordHash: await hashPassword(input.password),
    })
    .returning({ id: users.id });
  return toAdminUser((await findUserById(row!.id))!);
}

export async function updateUser(ctx: AuthContext, id: number, input: UpdateUserInput) {
  const user = await loadManaged(ctx, id);
  const self = user.id === ctx.user.id;
  if (self && input.is_active === false) throw badRequest('You cannot deactivate your own account');
  if (self && input.role !== undefined && input.role !== user.role) throw badRequest('You cannot change your own role');
  assertRoleAllowed(ctx, input.role);
  const schoolId = input.school_id === undefined ? user.schoolId : input.school_id;
  if (input.school_id !== undefined) await assertSchoolAllowed(ctx, schoolId);
  await assertNoClash({ email: input.email ?? user.email, username: input.username ?? user.username, schoolId, exceptId: user.id });

  const deactivating = input.is_active === false && user.isActive;
  const db = await getDb();
  await db
    .update(users)
    .set({
      email: input.email,
      username: input.username,
      firstName: input.first_name,
      lastName: input.last_name,
      role: input.role,
      schoolId: input.school_id,
      isActive: input.is_active,
      // Deactivation ends every session at once.
      tokenVersion: deactivating ? sql`${users.tokenVersion} + 1` : undefined,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, user.id), inSchool(users.schoolId, user.schoolId)));
  if (deactivating) await revokeAllRefreshTokens([user.id]);
  return toAdminUser((await findUserById(user.id))!);
}

export async function deleteUser(ctx: AuthContext, id: number) {
  const user = await loadManaged(ctx, id);
  if (user.id === ctx.user.id) throw badRequest('You cannot delete your own account');
  const db = await getDb();
  await db.delete(users).where(and(eq(users.id, user.id), inSchool(users.schoolId, user.schoolId)));
  return { message: 'User deleted successfully' };
}

/** An administrator sets someone's password; the user is asked to choose their own at next sign-in. */
export async function setUserPassword(ctx: AuthContext, id: number, newPassword: string) {
  const user = await loadManaged(ctx, id);
  assertPasswordPolicy(newPassword, 'new_password', { username: user.username, email: user.email });
  const db = await getDb();
  const own = user.id === ctx.user.id;
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(newPassword),
      requiresPasswordUpdate: !own,
      tokenVersion: own ? undefined : sql`${users.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, user.id), inSchool(users.schoolId, user.schoolId)));
  if (!own) await revokeAllRefreshTokens([user.id]);
  return { message: 'Password updated successfully' };
}
