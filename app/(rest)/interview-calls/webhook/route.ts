import { AppError, unauthorized, validationError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';
import { applyCallWebhook, verifyWebhookSignature } from '@/lib/knowledge/interviews';
import { interviewOperations } from '@/lib/knowledge/operations';

// The body is read raw here: the signature covers the exact bytes the provider sent.
export const POST = route(interviewOperations.webhook, async ({ req }) => {
  const secret = process.env.ELEVENLABS_WEBHOOK_SECRET;
  if (!secret) throw new AppError(503, 'Call reports are not configured: set ELEVENLABS_WEBHOOK_SECRET');
  const raw = await req.text();
  if (raw.length > 2 * 1024 * 1024) throw new AppError(413, 'Request body too large');
  if (!verifyWebhookSignature(req.headers.get('elevenlabs-signature'), raw, secret)) throw unauthorized('Invalid webhook signature');
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    throw validationError([{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }]);
  }
  return applyCallWebhook(payload as { type?: string; data?: Record<string, unknown> });
});
