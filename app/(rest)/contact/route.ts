import { submitContactMessage } from '@/lib/contact/service';
import { clientHash } from '@/lib/http/client';
import { route } from '@/lib/http/route';
import { systemOperations } from '@/lib/system/operations';

export const POST = route(systemOperations.contact, async ({ body, req }) => {
  const { message } = await submitContactMessage(body, clientHash(req));
  return { message };
});
