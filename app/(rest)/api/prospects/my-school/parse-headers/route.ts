import { route } from '@/lib/http/route';
import { prospectOperations } from '@/lib/prospects/operations';
import { parseProspectHeaders } from '@/lib/prospects/service';

export const POST = route(prospectOperations.parseHeaders, ({ ctx, req }) => parseProspectHeaders(ctx, req));
