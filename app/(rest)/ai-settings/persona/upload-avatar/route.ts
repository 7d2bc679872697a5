import { assistantOperations } from '@/lib/assistant/operations';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, uploadAvatar } from '@/lib/assistant/settings';
import { readUpload } from '@/lib/http/upload';
import { route } from '@/lib/http/route';

export const POST = route(assistantOperations.uploadAvatar, async ({ ctx, req }) => {
  const { file } = await readUpload(req, { maxBytes: AVATAR_MAX_BYTES, tooLarge: AVATAR_TOO_LARGE });
  return uploadAvatar(ctx, file);
});
