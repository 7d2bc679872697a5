import { taskFunction } from '../task-function';

export const conversationTurnAnalysis = taskFunction('conversation_turn_analysis');
