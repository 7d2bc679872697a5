'use server';

import { z } from 'zod';
import { actionFor, staffAction } from '@/lib/http/action';
import { listSchools } from '@/lib/schools/service';
import { userOperations } from '@/lib/users/operations';

// The User Management screen's calls: the operations of /auth/users, as server actions. The
// school picker's list (the first 100 schools, no input) keeps its own schema.

export const listUsersAction = actionFor(userOperations.list);

export async function listSchoolsAction() {
  return staffAction(z.undefined(), undefined, (ctx) => listSchools(ctx, { skip: 0, limit: 100 }));
}

export const createUserAction = actionFor(userOperations.create);

export const updateUserAction = actionFor(userOperations.update);

export const deleteUserAction = actionFor(userOperations.remove);

export const setUserPasswordAction = actionFor(userOperations.setPassword);
