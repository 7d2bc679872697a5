import { updateProfile } from '@/lib/auth/accounts';
import { authOperations } from '@/lib/auth/operations';
import { route } from '@/lib/http/route';

export const PUT = route(authOperations.profile, ({ ctx, body }) => updateProfile(ctx, body));
