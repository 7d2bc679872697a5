import { route } from '@/lib/http/route';
import { schedulerOperations } from '@/lib/scheduler/operations';

export const GET = route(schedulerOperations.statistics);
