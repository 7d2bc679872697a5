import { startTurn } from '@/lib/chat/engine';
import { turnEventStream } from '@/lib/chat/sse';
import { widgetOperations } from '@/lib/widget/operations';
import { widgetPreflight, widgetRoute } from '@/lib/widget/route';

export const POST = widgetRoute(widgetOperations.chatStream, async ({ caller, body }) => turnEventStream(await startTurn(caller, body)), 'chat');
export const OPTIONS = widgetPreflight;
