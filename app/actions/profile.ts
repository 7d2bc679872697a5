'use server';

import { authOperations } from '@/lib/auth/operations';
import { actionFor } from '@/lib/http/action';

// The profile dialog: the operation of PUT /auth/profile, as a server action.

export const updateProfileAction = actionFor(authOperations.profile);
