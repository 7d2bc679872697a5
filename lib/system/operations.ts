import 'server-only';
import { contactSchema } from '@/lib/contact/schema';
import { defineOperations } from '@/lib/http/operation';
import { submitContactMessage } from '@/lib/contact/service';
import { clientHash } from '@/lib/http/client';
import { operation } from '@/lib/http/route';

export const systemOperations = defineOperations({
  health: { method: 'GET', path: '/health', tag: 'System', auth: 'none', errors: [429], limit: { max: 600, windowSeconds: 60, perProcess: true }, summary: 'Version, codename and release date' },
  ready: { method: 'GET', path: '/health/ready', tag: 'System', auth: 'none', errors: [429, 503], limit: { max: 600, windowSeconds: 60, perProcess: true }, summary: 'Readiness: answers 200 while the database answers, 503 otherwise' },
  contact: operation({
    method: 'POST', path: '/contact', tag: 'System', auth: 'none', body: contactSchema, errors: [429], summary: 'Send a message to the Lantern team',
    handler: async ({ body, req }) => {
      const { message } = await submitContactMessage(body, clientHash(req));
      return { message };
    },
  }),
});
