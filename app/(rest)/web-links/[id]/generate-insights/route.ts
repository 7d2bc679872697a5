import { route } from '@/lib/http/route';
import { webLinkOperations } from '@/lib/knowledge/operations';

export const POST = route(webLinkOperations.generate);
