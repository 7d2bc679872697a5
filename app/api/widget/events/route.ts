import { recordWidgetEvent } from '@/lib/conversations/conversations';
import { widgetOperations } from '@/lib/widget/operations';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const POST = widgetRoute(widgetOperations.events, async ({ caller, body }) => {
  await recordWidgetEvent(caller, body);
  return { ok: true };
});
export const OPTIONS = widgetPreflight;
