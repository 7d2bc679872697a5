import { route } from '@/lib/http/route';
import { schedulerOperations } from '@/lib/scheduler/operations';
import { listScheduledTasks } from '@/lib/scheduler/service';

export const GET = route(schedulerOperations.scheduledTasks, ({ ctx }) => listScheduledTasks(ctx));
