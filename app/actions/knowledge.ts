'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { staffAction } from '@/lib/http/action';
import { actionPromptSchema } from '@/lib/knowledge/action-prompt-schema';
import { createActionPrompt, deleteActionPrompt, listActionPrompts, updateActionPrompt } from '@/lib/knowledge/action-prompts';

// The Training Room's knowledge calls: the same schemas and lib/knowledge functions as the REST routes.

export async function listActionPromptsAction() {
  return staffAction(z.undefined(), undefined, (ctx) => listActionPrompts(ctx));
}

export async function saveActionPromptAction(input: unknown) {
  return staffAction(z.object({ id: idField.optional(), data: actionPromptSchema }), input, (ctx, { id, data }) =>
    id ? updateActionPrompt(ctx, id, data) : createActionPrompt(ctx, data),
  );
}

export async function deleteActionPromptAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => deleteActionPrompt(ctx, id));
}
