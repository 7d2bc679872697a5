import { route } from '@/lib/http/route';
import { webLinkOperations } from '@/lib/knowledge/operations';
import { deleteWebLink, updateWebLink } from '@/lib/knowledge/web-links';

export const PUT = route(webLinkOperations.update, ({ ctx, params, body }) => updateWebLink(ctx, params.id, body));
export const DELETE = route(webLinkOperations.remove, ({ ctx, params }) => deleteWebLink(ctx, params.id));
