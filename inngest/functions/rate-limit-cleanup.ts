import { taskFunction } from '../task-function';

export const rateLimitCleanup = taskFunction('rate_limit_cleanup');
