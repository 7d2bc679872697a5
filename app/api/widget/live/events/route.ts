import { widgetLiveOperations } from '@/lib/live/operations';
import { visitorLiveStream } from '@/lib/live/streams';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const GET = widgetRoute(widgetLiveOperations.events, ({ req, caller, query }) => visitorLiveStream(req, caller, query.session_id));
export const OPTIONS = widgetPreflight;
