import type { User } from '@/db/schema';

export type UserWithSchool = User & { schoolName: string | null };

/** The signed-in user's own record. Never includes the password hash. */
export function toCurrentUser(u: UserWithSchool) {
  return {
    user_id: u.id,
    id: u.id,
    username: u.username,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role,
    school_id: u.schoolId,
    school_name: u.schoolName,
    is_active: u.isActive,
    requires_password_update: u.requiresPasswordUpdate,
    password_update_required_at: u.passwordUpdateRequiredAt?.toISOString() ?? null,
  };
}

/** A user as User Management lists and edits it. */
export function toAdminUser(u: UserWithSchool) {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    role: u.role,
    is_active: u.isActive,
    school_id: u.schoolId,
    school_name: u.schoolName ?? '',
    requires_password_update: u.requiresPasswordUpdate,
    created_at: u.createdAt.toISOString(),
    last_login_at: u.lastLoginAt?.toISOString() ?? null,
  };
}

export type CurrentUser = ReturnType<typeof toCurrentUser>;
export type AdminUser = ReturnType<typeof toAdminUser>;
