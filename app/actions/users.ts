'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { staffAction } from '@/lib/http/action';
import { listSchools } from '@/lib/schools/service';
import { createUserSchema, pageQuerySchema, setPasswordSchema, updateUserSchema } from '@/lib/users/schema';
import { createUser, deleteUser, listUsers, setUserPassword, updateUser } from '@/lib/users/service';

// The User Management screen's calls: the same schemas and lib/users functions as /auth/users.

export async function listUsersAction(input: unknown) {
  return staffAction(pageQuerySchema, input, (ctx, page) => listUsers(ctx, page));
}

export async function listSchoolsAction() {
  return staffAction(z.undefined(), undefined, (ctx) => listSchools(ctx, { skip: 0, limit: 100 }));
}

export async function createUserAction(input: unknown) {
  return staffAction(createUserSchema, input, (ctx, data) => createUser(ctx, data));
}

export async function updateUserAction(input: unknown) {
  return staffAction(z.object({ id: idField, changes: updateUserSchema }), input, (ctx, { id, changes }) => updateUser(ctx, id, changes));
}

export async function deleteUserAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => deleteUser(ctx, id));
}

export async function setUserPasswordAction(input: unknown) {
  return staffAction(setPasswordSchema.extend({ id: idField }), input, (ctx, { id, new_password }) => setUserPassword(ctx, id, new_password));
}
