import { route } from '@/lib/http/route';
import { schoolOperations } from '@/lib/schools/operations';

export const GET = route(schoolOperations.list);
export const POST = route(schoolOperations.create);
