import { route } from '@/lib/http/route';
import { fileOperations } from '@/lib/knowledge/operations';

export const GET = route(fileOperations.list);
export const POST = route(fileOperations.upload);
