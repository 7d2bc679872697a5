import { route } from '@/lib/http/route';
import { receiveCallWebhook } from '@/lib/knowledge/interviews';
import { interviewOperations } from '@/lib/knowledge/operations';

// The body is read raw: the signature covers the exact bytes the provider sent.
export const POST = route(interviewOperations.webhook, async ({ req }) => receiveCallWebhook(await req.text(), req.headers.get('elevenlabs-signature')));
