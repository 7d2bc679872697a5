'use server';

import { z } from 'zod';
import { actionFor, staffAction } from '@/lib/http/action';
import { listSchools } from '@/lib/schools/service';
import { userOperations } from '@/lib/users/operations';
import { createUser, deleteUser, listUsers, setUserPassword, updateUser } from '@/lib/users/service';

// The User Management screen's calls: the operations of /auth/users, as server actions. The
// school picker's list (the first 100 schools, no input) keeps its own schema.

export const listUsersAction = actionFor(userOperations.list, ({ ctx, query }) => listUsers(ctx, query));

export async function listSchoolsAction() {
  return staffAction(z.undefined(), undefined, (ctx) => listSchools(ctx, { skip: 0, limit: 100 }));
}

export const createUserAction = actionFor(userOperations.create, ({ ctx, body }) => createUser(ctx, body));

export const updateUserAction = actionFor(userOperations.update, ({ ctx, params, body }) => updateUser(ctx, params.id, body));

export const deleteUserAction = actionFor(userOperations.remove, ({ ctx, params }) => deleteUser(ctx, params.id));

export const setUserPasswordAction = actionFor(userOperations.setPassword, ({ ctx, params, body }) => setUserPassword(ctx, params.id, body.new_password));
