import { exportConversations } from '@/lib/conversations/export';
import { route } from '@/lib/http/route';
import { conversationExportOperations } from '@/lib/widget/operations';

export const GET = route(conversationExportOperations.export, ({ ctx, query }) => exportConversations(ctx, query));
