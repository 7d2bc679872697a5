import { widgetLiveOperations } from '@/lib/live/operations';
import { requestLive } from '@/lib/live/visitor';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const POST = widgetRoute(widgetLiveOperations.request, ({ caller, body }) => requestLive(caller, body), 'chat');
export const OPTIONS = widgetPreflight;
