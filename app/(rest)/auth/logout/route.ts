import { logout } from '@/lib/auth/logout';
import { authOperations } from '@/lib/auth/operations';
import { route } from '@/lib/http/route';

export const POST = route(authOperations.logout, ({ ctx, body }) => logout(ctx, body?.refresh_token));
