import { route } from '@/lib/http/route';
import { prospectOperations } from '@/lib/prospects/operations';
import { uploadProspects } from '@/lib/prospects/service';

export const POST = route(prospectOperations.upload, async ({ ctx, req }) => {
  const { status, body } = await uploadProspects(ctx, req);
  return Response.json(body, { status });
});
