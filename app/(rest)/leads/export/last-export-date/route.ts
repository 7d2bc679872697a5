import { route } from '@/lib/http/route';
import { leadOperations } from '@/lib/leads/operations';

export const GET = route(leadOperations.lastExport);
