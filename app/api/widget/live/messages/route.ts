import { widgetLiveOperations } from '@/lib/live/operations';
import { visitorLiveMessage } from '@/lib/live/visitor';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

// Limited like chat messages (per session, client and key): a visitor cannot flood the person.
export const POST = widgetRoute(widgetLiveOperations.message, ({ caller, body }) => visitorLiveMessage(caller, body), 'chat');
export const OPTIONS = widgetPreflight;
