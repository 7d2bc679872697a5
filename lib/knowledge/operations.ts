import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { defineOperations } from '@/lib/http/operation';
import { actionPromptSchema } from './action-prompt-schema';

const idParams = z.object({ id: idField });
const errors = [401, 404];

export const actionPromptOperations = defineOperations({
  list: { method: 'GET', path: '/action-prompts/', tag: 'Action prompts', auth: 'bearer', errors, summary: "The school's action prompts, higher priority first" },
  create: { method: 'POST', path: '/action-prompts/', tag: 'Action prompts', auth: 'bearer', body: actionPromptSchema, status: 201, errors, summary: 'Add an action prompt' },
  update: { method: 'PUT', path: '/action-prompts/{id}', tag: 'Action prompts', auth: 'bearer', params: idParams, body: actionPromptSchema, errors, summary: 'Update an action prompt' },
  remove: { method: 'DELETE', path: '/action-prompts/{id}', tag: 'Action prompts', auth: 'bearer', params: idParams, errors, summary: 'Delete an action prompt' },
});
