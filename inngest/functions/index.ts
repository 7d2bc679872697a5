import { cleanupExpiredTokens } from './cleanup-expired-tokens';
import { conversationRetention } from './conversation-retention';
import { fileAnalysis } from './file-analysis';
import { interviewCallSync } from './interview-call-sync';
import { mailDelivery } from './mail-delivery';
import { rateLimitCleanup } from './rate-limit-cleanup';
import { uploadCleanup } from './upload-cleanup';
import { webLinkRefresh } from './web-link-refresh';

/** Every Inngest function Lantern serves. */
/** The scheduled tasks' functions, one per registered task. */
export const taskFunctions = [cleanupExpiredTokens, mailDelivery, rateLimitCleanup, webLinkRefresh, interviewCallSync, conversationRetention, uploadCleanup];

export const functions = [...taskFunctions, fileAnalysis];
