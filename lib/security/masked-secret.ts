/**
 * What a stored secret reads as when it is answered (a CRM's auth value, an identity provider's
 * client secret): never the secret itself. Sent back unchanged, it means "keep the stored one".
 * No server imports: the screens read it too.
 */
export const MASKED_SECRET = '********';
