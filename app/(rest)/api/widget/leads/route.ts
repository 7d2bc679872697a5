import { widgetPreflight, widgetRoute } from '@/lib/widget/route';
import { widgetOperations } from '@/lib/widget/public-operations';

export const OPTIONS = widgetPreflight;

export const POST = widgetRoute(widgetOperations.leads);
