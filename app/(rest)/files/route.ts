import { readUploadStream } from '@/lib/http/upload';
import { route } from '@/lib/http/route';
import { FILE_MAX_BYTES } from '@/lib/knowledge/file-schema';
import { listFiles, uploadFile } from '@/lib/knowledge/files';
import { fileOperations } from '@/lib/knowledge/operations';

export const GET = route(fileOperations.list, ({ ctx }) => listFiles(ctx));
export const POST = route(fileOperations.upload, async ({ ctx, req }) => {
  const { file, fields } = await readUploadStream(req, { maxBytes: FILE_MAX_BYTES, tooLarge: 'File size must be less than 25MB' });
  return uploadFile(ctx, { bytes: file.chunks, filename: file.filename, name: fields.name });
});
