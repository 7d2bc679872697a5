import { route } from '@/lib/http/route';
import { conversationOperations } from '@/lib/widget/operations';

export const GET = route(conversationOperations.list);
