import { route } from '@/lib/http/route';
import { deleteFile, updateFile } from '@/lib/knowledge/files';
import { fileOperations } from '@/lib/knowledge/operations';

export const PUT = route(fileOperations.update, ({ ctx, params, body }) => updateFile(ctx, params.id, body));
export const DELETE = route(fileOperations.remove, ({ ctx, params }) => deleteFile(ctx, params.id));
