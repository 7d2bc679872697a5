import { taskFunction } from '../task-function';

export const uploadCleanup = taskFunction('upload_cleanup');
