import { widgetLiveOperations } from '@/lib/live/operations';
import { visitorLiveState } from '@/lib/live/visitor';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const GET = widgetRoute(widgetLiveOperations.state, ({ caller, query }) => visitorLiveState(caller, query.session_id, query.after));
export const OPTIONS = widgetPreflight;
