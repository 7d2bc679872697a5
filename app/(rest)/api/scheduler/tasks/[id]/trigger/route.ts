import { route } from '@/lib/http/route';
import { schedulerOperations } from '@/lib/scheduler/operations';
import { triggerTask } from '@/lib/scheduler/service';

export const POST = route(schedulerOperations.trigger, ({ ctx, params }) => triggerTask(ctx, params.id));
