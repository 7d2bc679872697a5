import { route } from '@/lib/http/route';
import { webLinkOperations } from '@/lib/knowledge/operations';
import { generateWebLinkInsights } from '@/lib/knowledge/web-links';

export const POST = route(webLinkOperations.generate, ({ ctx, params }) => generateWebLinkInsights(ctx, params.id));
