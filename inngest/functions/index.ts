import { cleanupExpiredTokens } from './cleanup-expired-tokens';
import { conversationRetention } from './conversation-retention';
import { conversationTurnAnalysis } from './conversation-turn-analysis';
import { dailyStats } from './daily-stats';
import { interviewCallSync } from './interview-call-sync';
import { jobRunner } from './job-runner';
import { mailDelivery } from './mail-delivery';
import { rateLimitCleanup } from './rate-limit-cleanup';
import { uploadCleanup } from './upload-cleanup';
import { webLinkRefresh } from './web-link-refresh';

/** The scheduled tasks' functions, one per registered task. */
export const taskFunctions = [cleanupExpiredTokens, mailDelivery, rateLimitCleanup, webLinkRefresh, interviewCallSync, conversationRetention, uploadCleanup, conversationTurnAnalysis, dailyStats];

/** Every Inngest function Lantern serves: the scheduled tasks and the job runner (lib/jobs). */
export const functions = [...taskFunctions, jobRunner];
