import { linkedAccounts } from '@/lib/auth/accounts';
import { authOperations } from '@/lib/auth/operations';
import { route } from '@/lib/http/route';

export const GET = route(authOperations.linkedAccounts, ({ ctx }) => linkedAccounts(ctx));
