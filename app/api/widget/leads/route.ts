import { widgetOperations } from '@/lib/widget/operations';
import { submitQuickInfoCard } from '@/lib/widget/public';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const POST = widgetRoute(widgetOperations.leads, ({ caller, body }) => submitQuickInfoCard(caller, body));
export const OPTIONS = widgetPreflight;
