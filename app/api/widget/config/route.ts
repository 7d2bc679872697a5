import { widgetOperations } from '@/lib/widget/operations';
import { widgetConfig } from '@/lib/widget/public';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const GET = widgetRoute(widgetOperations.config, ({ caller }) => widgetConfig(caller));
export const OPTIONS = widgetPreflight;
