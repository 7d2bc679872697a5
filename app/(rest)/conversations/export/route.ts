import { route } from '@/lib/http/route';
import { conversationExportOperations } from '@/lib/widget/operations';

export const GET = route(conversationExportOperations.export);
