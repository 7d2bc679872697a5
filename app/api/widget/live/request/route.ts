import { widgetLiveOperations } from '@/lib/live/operations';
import { requestLive } from '@/lib/live/visitor';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

// Its own limits (per session, client and key): a flood of requests spends neither the chat's budget nor a real visitor's.
export const POST = widgetRoute(widgetLiveOperations.request, ({ caller, body }) => requestLive(caller, body), 'live');
export const OPTIONS = widgetPreflight;
