import { taskFunction } from '../task-function';

export const dailyStats = taskFunction('daily_stats');
