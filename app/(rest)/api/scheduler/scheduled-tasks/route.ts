import { route } from '@/lib/http/route';
import { schedulerOperations } from '@/lib/scheduler/operations';
import { listScheduledTasks } from '@/lib/scheduler/service';
import { background } from '@/background';

export const GET = route(schedulerOperations.scheduledTasks, ({ ctx }) => listScheduledTasks(ctx, background));
