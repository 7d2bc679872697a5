import { z } from 'zod';
import { emailField, firstNameField, idField, lastNameField, passwordField, ROLE_VALUES, usernameField } from '@/lib/auth/schema';

/** What people read for a role value (the API keeps the raw values). */
export const ROLE_LABELS: Record<(typeof ROLE_VALUES)[number], string> = { user: 'User', admin: 'Admin', superuser: 'Superuser' };
export const roleLabel = (role: string) => ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role;

export const roleField = z.enum(ROLE_VALUES, { error: 'Role must be one of user, admin, superuser' });

export const createUserSchema = z.object({
  email: emailField,
  username: usernameField,
  password: passwordField,
  first_name: firstNameField,
  last_name: lastNameField,
  role: roleField.default('user'),
  school_id: idField.nullable().optional(),
});

export const updateUserSchema = z
  .object({
    email: emailField,
    username: usernameField,
    first_name: firstNameField,
    last_name: lastNameField,
    role: roleField,
    school_id: idField.nullable(),
    is_active: z.boolean({ error: 'is_active must be true or false' }),
  })
  .partial();

export const setPasswordSchema = z.object({ new_password: passwordField });

export const pageQuerySchema = z.object({
  skip: z.coerce.number({ error: 'skip must be a number' }).int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(5000).default(100),
});

export const userIdParams = z.object({ id: idField });

export type CreateUserInput = z.infer<typeof createUserSchema>;
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
