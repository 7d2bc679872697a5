import { route } from '@/lib/http/route';
import { listFiles, uploadFileFromRequest } from '@/lib/knowledge/files';
import { fileOperations } from '@/lib/knowledge/operations';

export const GET = route(fileOperations.list, ({ ctx }) => listFiles(ctx));
export const POST = route(fileOperations.upload, ({ ctx, req }) => uploadFileFromRequest(ctx, req));
