'use server';

import { updateProfile } from '@/lib/auth/accounts';
import { profileSchema } from '@/lib/auth/schema';
import { staffAction } from '@/lib/http/action';

export async function updateProfileAction(input: unknown) {
  return staffAction(profileSchema, input, (ctx, data) => updateProfile(ctx, data));
}
