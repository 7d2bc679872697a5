import 'server-only';
import { defineOperations } from '@/lib/http/operation';
import {
  credentialsSchema,
  grantSchoolAccessSchema,
  loginSelectedSchema,
  logoutSchema,
  profileSchema,
  refreshSchema,
  registerSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  validatePasswordSchema,
} from './schema';
import { checkAccounts, checkSuperuserSchools, grantSchoolAccess, linkedAccounts, login, refresh, register, updateProfile, userCount } from './accounts';
import { clientHash } from '@/lib/http/client';
import { operation } from '@/lib/http/route';
import { logout } from './logout';
import { toCurrentUser } from '@/lib/users/present';
import { requestPasswordReset, resetPassword } from './reset';
import { publicOrigin } from '@/lib/system/public-origin';
import { checkPassword } from './policy';

const tag = 'Authentication and accounts';

export const authOperations = defineOperations({
  userCount: operation({ method: 'GET', path: '/auth/user-count', tag, auth: 'none', summary: 'Number of accounts and whether self-registration is open', handler: () => userCount() }),
  checkAccounts: operation({
    method: 'POST', path: '/auth/check-accounts', tag, auth: 'none', body: credentialsSchema, errors: [401, 403, 429],
    summary: 'Accounts under an e-mail whose password matches, and (for a superuser) the schools they lack',
    handler: ({ body, req }) => checkAccounts(body.email, body.password, clientHash(req)),
  }),
  login: operation({
    method: 'POST', path: '/auth/login', tag, auth: 'none', body: credentialsSchema, errors: [401, 403, 429], summary: "Sign in; answers an access and a refresh token (403 for an address whose school enforces single sign-on)",
    handler: ({ body, req }) => login(body.email, body.password, clientHash(req)),
  }),
  loginSelected: operation({
    method: 'POST', path: '/auth/login-selected', tag, auth: 'none', body: loginSelectedSchema, errors: [401, 403, 429],
    summary: 'Sign in to one chosen linked account',
    handler: ({ body, req }) =>
      login(body.email, body.password, clientHash(req), body.selected_user_id),
  }),
  linkedAccounts: operation({
    method: 'GET', path: '/auth/linked-accounts', tag, auth: 'bearer', errors: [401], summary: "The current account and the same person's other accounts that this session's sign-in proved (same e-mail, password matched)",
    handler: ({ ctx }) => linkedAccounts(ctx),
  }),
  checkSuperuserSchools: operation({
    method: 'POST', path: '/auth/check-superuser-schools', tag, auth: 'none', body: credentialsSchema, errors: [401, 403, 429],
    summary: 'Schools a superuser holds no account for',
    handler: ({ body, req }) =>
      checkSuperuserSchools(body.email, body.password, clientHash(req)),
  }),
  grantSchoolAccess: operation({
    method: 'POST', path: '/auth/grant-school-access', tag, auth: 'none', body: grantSchoolAccessSchema, errors: [401, 403, 404, 429],
    summary: 'Give a superuser accounts in the chosen schools',
    handler: ({ body, req }) =>
      grantSchoolAccess(body.email, body.password, body.school_ids, clientHash(req)),
  }),
  register: operation({
    method: 'POST', path: '/auth/register', tag, auth: 'none', body: registerSchema, status: 201, errors: [403, 409],
    summary: 'Create an account (the first one becomes the superuser); answers the user and tokens',
    handler: async ({ body }) => {
      const { user, tokens } = await register(body);
      return { ...tokens, user };
    },
  }),
  requestPasswordReset: operation({
    method: 'POST', path: '/auth/request-password-reset', tag, auth: 'none', body: requestPasswordResetSchema, errors: [429],
    summary: 'E-mail a password reset link (answers the same for unknown e-mails)',
    handler: async ({ body, req }) => {
      const { message } = await requestPasswordReset(body.email, { client: clientHash(req), origin: publicOrigin() });
      return { message };
    },
  }),
  resetPassword: operation({
    method: 'POST', path: '/auth/reset-password', tag, auth: 'none', body: resetPasswordSchema, errors: [400], summary: 'Set a new password with a reset token',
    handler: ({ body }) => resetPassword(body.token, body.new_password),
  }),
  logout: operation({
    method: 'POST', path: '/auth/logout', tag, auth: 'optional', body: logoutSchema, bodyOptional: true,
    summary: 'End the session of the bearer token and/or the refresh token given',
    handler: ({ ctx, body }) => logout(ctx, body?.refresh_token),
  }),
  me: operation({ method: 'GET', path: '/auth/me', tag, auth: 'bearer', errors: [401], summary: 'The signed-in user', handler: ({ ctx }) => toCurrentUser(ctx.user) }),
  refresh: operation({ method: 'POST', path: '/auth/refresh', tag, auth: 'none', body: refreshSchema, errors: [401], summary: 'Rotate a refresh token', handler: ({ body }) => refresh(body.refresh_token) }),
  profile: operation({
    method: 'PUT', path: '/auth/profile', tag, auth: 'bearer', body: profileSchema, errors: [400, 401, 409], summary: 'Update own name, e-mail and password',
    handler: ({ ctx, body }) => updateProfile(ctx, body),
  }),
  validatePassword: operation({
    method: 'POST', path: '/auth/validate-password', tag, auth: 'none', body: validatePasswordSchema,
    summary: 'Check a password against the policy; answers is_valid, errors and strength',
    handler: ({ body }) =>
      checkPassword(body.password, { username: body.username, email: body.email }),
  }),
});
