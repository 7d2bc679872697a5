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
import { recordAudit, staffActor } from '@/lib/audit/record';
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

// The fields of an update the audit entry names (never their values, but role, activity and school).
const CHANGEABLE = ['email', 'username', 'first_name', 'last_name', 'role', 'school_id', 'is_active'] as const;
function currentValue(user: UserWithSchool, key: (typeof CHANGEABLE)[number]): unknown {
  const map = { email: user.email, username: user.username, first_name: user.firstName, last_name: user.lastName, role: user.role, school_id: user.schoolId, is_active: user.isActive };
  return map[key];
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
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email: input.email, username: input.username, firstName: input.first_name, lastName: input.last_name, role: input.role, schoolId, passwordHash })
      .returning({ id: users.id, role: users.role });
    await recordAudit({ action: 'user.created', actor: staffActor(ctx), schoolId, target: { type: 'user', id: created!.id }, details: { role: created!.role } }, tx);
    return created;
  });
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
  const changed = CHANGEABLE.filter((k) => input[k] !== undefined && input[k] !== currentValue(user, k));
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
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
    const actor = staffActor(ctx);
    const target = { type: 'user', id: user.id } as const;
    if (input.role !== undefined && input.role !== user.role) {
      await recordAudit({ action: 'user.role_changed', actor, schoolId: user.schoolId, target, details: { from: user.role, to: input.role } }, tx);
    }
    const others = changed.filter((k) => k !== 'role');
    if (others.length) {
      const details: Record<string, unknown> = { fields: others };
      if (others.includes('is_active')) details.is_active = input.is_active;
      if (others.includes('school_id')) details.school = { from: user.schoolId, to: input.school_id };
      await recordAudit({ action: 'user.updated', actor, schoolId: user.schoolId, target, details }, tx);
    }
  });
  if (deactivating) await revokeAllRefreshTokens([user.id]);
  return toAdminUser((await findUserById(user.id))!);
}

export async function deleteUser(ctx: AuthContext, id: number) {
  const user = await loadManaged(ctx, id);
  if (user.id === ctx.user.id) throw badRequest('You cannot delete your own account');
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(users).where(and(eq(users.id, user.id), inSchool(users.schoolId, user.schoolId)));
    await recordAudit({ action: 'user.deleted', actor: staffActor(ctx), schoolId: user.schoolId, target: { type: 'user', id: user.id }, details: { role: user.role } }, tx);
  });
  return { message: 'User deleted successfully' };
}

/** An administrator sets someone's password; the user is asked to choose their own at next sign-in. */
export async function setUserPassword(ctx: AuthContext, id: number, newPassword: string) {
  const user = await loadManaged(ctx, id);
  assertPasswordPolicy(newPassword, 'new_password', { username: user.username, email: user.email });
  const passwordHash = await hashPassword(newPassword);
  const db = await getDb();
  const own = user.id === ctx.user.id;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        requiresPasswordUpdate: !own,
        tokenVersion: own ? undefined : sql`${users.tokenVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, user.id), inSchool(users.schoolId, user.schoolId)));
    await recordAudit({ action: 'user.updated', actor: staffActor(ctx), schoolId: user.schoolId, target: { type: 'user', id: user.id }, details: { fields: ['password'] } }, tx);
  });
  if (!own) await revokeAllRefreshTokens([user.id]);
  return { message: 'Password updated successfully' };
}
