import { route } from '@/lib/http/route';
import { reportOperations } from '@/lib/reports/operations';

export const GET = route(reportOperations.leadsMultiSchool);
