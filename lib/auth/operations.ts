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

const tag = 'Authentication and accounts';

export const authOperations = defineOperations({
  userCount: { method: 'GET', path: '/auth/user-count', tag, auth: 'none', summary: 'Number of accounts and whether self-registration is open' },
  checkAccounts: {
    method: 'POST', path: '/auth/check-accounts', tag, auth: 'none', body: credentialsSchema, errors: [401, 429],
    summary: 'Accounts under an e-mail whose password matches, and (for a superuser) the schools they lack',
  },
  login: { method: 'POST', path: '/auth/login', tag, auth: 'none', body: credentialsSchema, errors: [401, 429], summary: 'Sign in; answers an access and a refresh token' },
  loginSelected: {
    method: 'POST', path: '/auth/login-selected', tag, auth: 'none', body: loginSelectedSchema, errors: [401, 429],
    summary: 'Sign in to one chosen linked account',
  },
  linkedAccounts: { method: 'GET', path: '/auth/linked-accounts', tag, auth: 'bearer', errors: [401], summary: "The current account and the same person's other accounts that this session's sign-in proved (same e-mail, password matched)" },
  checkSuperuserSchools: {
    method: 'POST', path: '/auth/check-superuser-schools', tag, auth: 'none', body: credentialsSchema, errors: [401, 403, 429],
    summary: 'Schools a superuser holds no account for',
  },
  grantSchoolAccess: {
    method: 'POST', path: '/auth/grant-school-access', tag, auth: 'none', body: grantSchoolAccessSchema, errors: [401, 403, 404, 429],
    summary: 'Give a superuser accounts in the chosen schools',
  },
  register: {
    method: 'POST', path: '/auth/register', tag, auth: 'none', body: registerSchema, status: 201, errors: [403, 409],
    summary: 'Create an account (the first one becomes the superuser); answers the user and tokens',
  },
  requestPasswordReset: {
    method: 'POST', path: '/auth/request-password-reset', tag, auth: 'none', body: requestPasswordResetSchema, errors: [429],
    summary: 'E-mail a password reset link (answers the same for unknown e-mails)',
  },
  resetPassword: { method: 'POST', path: '/auth/reset-password', tag, auth: 'none', body: resetPasswordSchema, errors: [400], summary: 'Set a new password with a reset token' },
  logout: {
    method: 'POST', path: '/auth/logout', tag, auth: 'optional', body: logoutSchema, bodyOptional: true,
    summary: 'End the session of the bearer token and/or the refresh token given',
  },
  me: { method: 'GET', path: '/auth/me', tag, auth: 'bearer', errors: [401], summary: 'The signed-in user' },
  refresh: { method: 'POST', path: '/auth/refresh', tag, auth: 'none', body: refreshSchema, errors: [401], summary: 'Rotate a refresh token' },
  profile: { method: 'PUT', path: '/auth/profile', tag, auth: 'bearer', body: profileSchema, errors: [400, 401, 409], summary: 'Update own name, e-mail and password' },
  validatePassword: {
    method: 'POST', path: '/auth/validate-password', tag, auth: 'none', body: validatePasswordSchema,
    summary: 'Check a password against the policy; answers is_valid, errors and strength',
  },
});
