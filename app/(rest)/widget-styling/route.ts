import { readMultipartForm } from '@/lib/http/upload';
import { route } from '@/lib/http/route';
import { chatbotOperations } from '@/lib/widget/operations';
import { ICON_MAX_BYTES, ICON_TOO_LARGE } from '@/lib/widget/styling';
import { getWidgetStyling, saveWidgetStyling } from '@/lib/widget/styling-store';

export const GET = route(chatbotOperations.getStyling, ({ ctx }) => getWidgetStyling(ctx));
export const POST = route(chatbotOperations.postStyling, async ({ ctx, req }) => {
  const form = await readMultipartForm(req, { maxBytes: ICON_MAX_BYTES, tooLarge: ICON_TOO_LARGE });
  return saveWidgetStyling(ctx, { styling: form.get('styling'), icon: form.get('icon') });
});
