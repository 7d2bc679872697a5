import { cleanupExpiredTokens } from './cleanup-expired-tokens';
import { mailDelivery } from './mail-delivery';
import { rateLimitCleanup } from './rate-limit-cleanup';

/** Every Inngest function Lantern serves. */
export const functions = [cleanupExpiredTokens, mailDelivery, rateLimitCleanup];
