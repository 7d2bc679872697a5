import { widgetLiveOperations } from '@/lib/live/operations';
import { visitorTyping } from '@/lib/live/signals';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const POST = widgetRoute(widgetLiveOperations.typing, ({ caller, body }) => visitorTyping(caller, body.session_id));
export const OPTIONS = widgetPreflight;
