import { taskFunction } from '../task-function';

export const cleanupExpiredTokens = taskFunction('cleanup_expired_tokens');
