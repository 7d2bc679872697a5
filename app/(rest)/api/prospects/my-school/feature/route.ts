import { route } from '@/lib/http/route';
import { prospectOperations } from '@/lib/prospects/operations';
import { getProspectFeature, setProspectFeature } from '@/lib/prospects/service';

export const GET = route(prospectOperations.feature, ({ ctx }) => getProspectFeature(ctx));
export const PUT = route(prospectOperations.setFeature, ({ ctx, body }) => setProspectFeature(ctx, body.prospects_enabled));
