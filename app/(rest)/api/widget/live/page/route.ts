import { widgetPreflight, widgetRoute } from '@/lib/widget/route';
import { widgetLiveOperations } from '@/lib/live/widget-operations';

export const OPTIONS = widgetPreflight;

export const POST = widgetRoute(widgetLiveOperations.page);
