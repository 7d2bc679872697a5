import { readTextCapped } from '@/lib/http/body';
import { route } from '@/lib/http/route';
import { CALL_REPORT_MAX_BYTES, receiveCallWebhook } from '@/lib/knowledge/interviews';
import { interviewOperations } from '@/lib/knowledge/operations';

// The body is read raw (the signature covers the exact bytes the provider sent), and no further
// than the largest report a call makes.
export const POST = route(interviewOperations.webhook, async ({ req }) =>
  receiveCallWebhook(await readTextCapped(req, CALL_REPORT_MAX_BYTES), req.headers.get('elevenlabs-signature')),
);
