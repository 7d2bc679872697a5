import { route } from '@/lib/http/route';
import { webLinkOperations } from '@/lib/knowledge/operations';

export const PUT = route(webLinkOperations.update);
export const DELETE = route(webLinkOperations.remove);
