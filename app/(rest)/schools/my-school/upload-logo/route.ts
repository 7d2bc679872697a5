import { readUpload } from '@/lib/http/upload';
import { route } from '@/lib/http/route';
import { LOGO_MAX_BYTES } from '@/lib/schools/schema';
import { mySchoolOperations } from '@/lib/schools/operations';
import { LOGO_TOO_LARGE, uploadLogo } from '@/lib/schools/service';

export const POST = route(mySchoolOperations.uploadLogo, async ({ ctx, req }) => {
  const { file } = await readUpload(req, { maxBytes: LOGO_MAX_BYTES, tooLarge: LOGO_TOO_LARGE });
  return uploadLogo(ctx, file);
});
