import { route } from '@/lib/http/route';
import { webLinkOperations } from '@/lib/knowledge/operations';
import { createWebLink, listWebLinks } from '@/lib/knowledge/web-links';

export const GET = route(webLinkOperations.list, ({ ctx }) => listWebLinks(ctx));
export const POST = route(webLinkOperations.create, ({ ctx, body }) => createWebLink(ctx, body));
