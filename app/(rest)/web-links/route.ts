import { route } from '@/lib/http/route';
import { webLinkOperations } from '@/lib/knowledge/operations';

export const GET = route(webLinkOperations.list);
export const POST = route(webLinkOperations.create);
