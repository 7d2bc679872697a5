import { route } from '@/lib/http/route';
import { fileOperations } from '@/lib/knowledge/operations';

export const POST = route(fileOperations.generate);
