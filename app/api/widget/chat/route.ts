import { chatOnce } from '@/lib/chat/engine';
import { widgetOperations } from '@/lib/widget/operations';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const POST = widgetRoute(widgetOperations.chat, ({ caller, body }) => chatOnce(caller, body), 'chat');
export const OPTIONS = widgetPreflight;
