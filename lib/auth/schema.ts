import { z } from 'zod';

// Shared by forms, server actions and REST routes: no server imports here.
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const ROLE_VALUES = ['user', 'admin', 'superuser'] as const;

export const emailField = z
  .string({ error: 'E-mail is required' })
  .trim()
  .max(254, 'E-mail must be at most 254 characters')
  .pipe(z.email('Enter a valid e-mail address'));

/** A password as typed at sign-in: any text up to the maximum length. */
export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

export const usernameField = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, numbers, dots, dashes and underscores');

const nameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const firstNameField = nameField('First name');
export const lastNameField = nameField('Last name');
export const idField = z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').positive('Must be positive').max(2147483647, 'Too large');

export const credentialsSchema = z.object({ email: emailField, password: passwordField });

export const loginSelectedSchema = credentialsSchema.extend({ selected_user_id: idField });

export const grantSchoolAccessSchema = credentialsSchema.extend({
  school_ids: z.array(idField).min(1, 'Choose at least one school').max(500, 'Too many schools'),
});

export const registerSchema = z.object({
  email: emailField,
  password: passwordField,
  username: usernameField,
  first_name: firstNameField,
  last_name: lastNameField,
});

export const refreshSchema = z.object({ refresh_token: z.string({ error: 'Refresh token is required' }).min(1).max(512) });

export const logoutSchema = z.object({ refresh_token: z.string().max(512).optional() }).optional();

export const requestPasswordResetSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(512),
  new_password: passwordField,
});

export const profileSchema = z.object({
  first_name: firstNameField,
  last_name: lastNameField,
  email: emailField,
  current_password: z.string().max(PASSWORD_MAX_LENGTH).optional().nullable(),
  new_password: z.string().max(PASSWORD_MAX_LENGTH).optional().nullable(),
});

export const validatePasswordSchema = z.object({
  password: z.string({ error: 'Password is required' }).max(1024, 'Password is too long to check'),
  username: z.string().max(254).optional().nullable(),
  email: z.string().max(254).optional().nullable(),
});

export type RegisterInput = z.infer<typeof registerSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
