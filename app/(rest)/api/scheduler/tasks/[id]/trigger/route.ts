import { route } from '@/lib/http/route';
import { schedulerOperations } from '@/lib/scheduler/operations';
import { triggerTask } from '@/lib/scheduler/service';
import { background } from '@/background';

export const POST = route(schedulerOperations.trigger, ({ ctx, params }) => triggerTask(ctx, background, params.id));
