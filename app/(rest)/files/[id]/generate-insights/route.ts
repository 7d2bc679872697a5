import { route } from '@/lib/http/route';
import { startFileAnalysis } from '@/lib/knowledge/files';
import { fileOperations } from '@/lib/knowledge/operations';

export const POST = route(fileOperations.generate, ({ ctx, params }) => startFileAnalysis(ctx, params.id));
