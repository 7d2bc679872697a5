import { route } from '@/lib/http/route';
import { liveOperations } from '@/lib/live/operations';
import { liveSettings, saveLiveSettings } from '@/lib/live/settings';

export const GET = route(liveOperations.getSettings, ({ ctx }) => liveSettings(ctx));
export const PUT = route(liveOperations.putSettings, ({ ctx, body }) => saveLiveSettings(ctx, body));
