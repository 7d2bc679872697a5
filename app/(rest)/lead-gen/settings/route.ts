import { route } from '@/lib/http/route';
import { getLeadGenSettings, putLeadGenSettings } from '@/lib/leads/settings';
import { leadGenOperations } from '@/lib/widget/operations';

export const GET = route(leadGenOperations.getSettings, ({ ctx }) => getLeadGenSettings(ctx));
export const PUT = route(leadGenOperations.putSettings, ({ ctx, body }) => putLeadGenSettings(ctx, body));
