import { defineOperations } from '@/lib/http/operation';
import { pageQuerySchema } from '@/lib/users/schema';

export const schoolOperations = defineOperations({
  list: {
    method: 'GET', path: '/schools/', tag: 'Schools', auth: 'bearer', query: pageQuerySchema, errors: [401],
    summary: 'Schools visible to the caller (all for a superuser, otherwise their own)',
  },
});
