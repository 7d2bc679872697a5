import { defineOperations } from '@/lib/http/operation';
import { pageQuerySchema } from '@/lib/users/schema';
import { schoolCreateSchema } from './schema';

export const schoolOperations = defineOperations({
  list: {
    method: 'GET', path: '/schools/', tag: 'Schools', auth: 'bearer', query: pageQuerySchema, errors: [401],
    summary: 'Schools visible to the caller (all for a superuser, otherwise their own)',
  },
  create: {
    method: 'POST', path: '/schools/', tag: 'Schools', auth: 'bearer', body: schoolCreateSchema, status: 201, errors: [401, 409],
    summary: "Create the caller's school (the account gets it)",
  },
  mySchool: { method: 'GET', path: '/schools/my-school', tag: 'Schools', auth: 'bearer', errors: [401, 404], summary: "The caller's school" },
});
