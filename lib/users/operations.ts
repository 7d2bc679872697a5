import 'server-only';
import { defineOperations } from '@/lib/http/operation';
import { createUserSchema, pageQuerySchema, setPasswordSchema, updateUserSchema, userIdParams } from './schema';
import { createUser, deleteUser, getUser, listUsers, setUserPassword, updateUser } from './service';
import { operation } from '@/lib/http/route';

const tag = 'User administration';
const errors = [401, 403, 404];

export const userOperations = defineOperations({
  list: operation({
    method: 'GET', path: '/auth/users', tag, auth: 'bearer', query: pageQuerySchema, errors, summary: 'Users the caller administers: {data, total}',
    handler: ({ ctx, query }) => listUsers(ctx, query),
  }),
  create: operation({
    method: 'POST', path: '/auth/users', tag, auth: 'bearer', body: createUserSchema, status: 201, errors: [...errors, 409], summary: 'Create a user',
    handler: ({ ctx, body }) => createUser(ctx, body),
  }),
  get: operation({ method: 'GET', path: '/auth/users/{id}', tag, auth: 'bearer', params: userIdParams, errors, summary: 'One user', handler: ({ ctx, params }) => getUser(ctx, params.id) }),
  update: operation({
    method: 'PUT', path: '/auth/users/{id}', tag, auth: 'bearer', params: userIdParams, body: updateUserSchema, errors: [400, ...errors, 409],
    summary: 'Update a user (partial)',
    handler: ({ ctx, params, body }) => updateUser(ctx, params.id, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/auth/users/{id}', tag, auth: 'bearer', params: userIdParams, errors: [400, ...errors], summary: 'Delete a user',
    handler: ({ ctx, params }) => deleteUser(ctx, params.id),
  }),
  setPassword: operation({
    method: 'PUT', path: '/auth/users/{id}/password', tag, auth: 'bearer', params: userIdParams, body: setPasswordSchema, errors,
    summary: "Set a user's password",
    handler: ({ ctx, params, body }) => setUserPassword(ctx, params.id, body.new_password),
  }),
});
