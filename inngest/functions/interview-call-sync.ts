import { taskFunction } from '../task-function';

export const interviewCallSync = taskFunction('interview_call_sync');
