import { cleanupExpiredTokens } from './cleanup-expired-tokens';
import { mailDelivery } from './mail-delivery';
import { rateLimitCleanup } from './rate-limit-cleanup';
import { webLinkRefresh } from './web-link-refresh';

/** Every Inngest function Lantern serves. */
export const functions = [cleanupExpiredTokens, mailDelivery, rateLimitCleanup, webLinkRefresh];
