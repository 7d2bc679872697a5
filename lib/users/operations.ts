import { defineOperations } from '@/lib/http/operation';
import { createUserSchema, pageQuerySchema, setPasswordSchema, updateUserSchema, userIdParams } from './schema';

const tag = 'User administration';
const errors = [401, 403, 404];

export const userOperations = defineOperations({
  list: { method: 'GET', path: '/auth/users', tag, auth: 'bearer', query: pageQuerySchema, errors, summary: 'Users the caller administers: {data, total}' },
  create: { method: 'POST', path: '/auth/users', tag, auth: 'bearer', body: createUserSchema, status: 201, errors: [...errors, 409], summary: 'Create a user' },
  get: { method: 'GET', path: '/auth/users/{id}', tag, auth: 'bearer', params: userIdParams, errors, summary: 'One user' },
  update: {
    method: 'PUT', path: '/auth/users/{id}', tag, auth: 'bearer', params: userIdParams, body: updateUserSchema, errors: [400, ...errors, 409],
    summary: 'Update a user (partial)',
  },
  remove: { method: 'DELETE', path: '/auth/users/{id}', tag, auth: 'bearer', params: userIdParams, errors: [400, ...errors], summary: 'Delete a user' },
  setPassword: {
    method: 'PUT', path: '/auth/users/{id}/password', tag, auth: 'bearer', params: userIdParams, body: setPasswordSchema, errors,
    summary: "Set a user's password",
  },
});
