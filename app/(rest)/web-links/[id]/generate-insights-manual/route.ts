import { route } from '@/lib/http/route';
import { webLinkOperations } from '@/lib/knowledge/operations';
import { generateWebLinkInsightsManual } from '@/lib/knowledge/web-links';

export const POST = route(webLinkOperations.manual, ({ ctx, params, body }) => generateWebLinkInsightsManual(ctx, params.id, body.content));
