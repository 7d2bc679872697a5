import { widgetLiveOperations } from '@/lib/live/operations';
import { visitorOnPage } from '@/lib/live/signals';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const POST = widgetRoute(widgetLiveOperations.page, ({ caller, body }) => visitorOnPage(caller, body.session_id, body));
export const OPTIONS = widgetPreflight;
