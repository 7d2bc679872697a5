import { contactSchema } from '@/lib/contact/schema';
import { defineOperations } from '@/lib/http/operation';

export const systemOperations = defineOperations({
  health: { method: 'GET', path: '/health', tag: 'System', auth: 'none', errors: [429], limit: { max: 600, windowSeconds: 60, perProcess: true }, summary: 'Version, codename and release date' },
  ready: { method: 'GET', path: '/health/ready', tag: 'System', auth: 'none', errors: [429, 503], limit: { max: 600, windowSeconds: 60, perProcess: true }, summary: 'Readiness: answers 200 while the database answers, 503 otherwise' },
  contact: { method: 'POST', path: '/contact', tag: 'System', auth: 'none', body: contactSchema, errors: [429], summary: 'Send a message to the Lantern team' },
});
