import { route } from '@/lib/http/route';
import { insightOperations } from '@/lib/knowledge/operations';

export const GET = route(insightOperations.all);
