import { route } from '@/lib/http/route';
import { fileOperations } from '@/lib/knowledge/operations';

export const PUT = route(fileOperations.update);
export const DELETE = route(fileOperations.remove);
