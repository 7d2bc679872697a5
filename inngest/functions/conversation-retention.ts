import { taskFunction } from '../task-function';

export const conversationRetention = taskFunction('conversation_retention');
