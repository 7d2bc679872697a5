import { requestHandoff } from '@/lib/chat/handoff';
import { widgetOperations } from '@/lib/widget/operations';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const POST = widgetRoute(widgetOperations.handoff, ({ caller, body }) => requestHandoff(caller, body));
export const OPTIONS = widgetPreflight;
