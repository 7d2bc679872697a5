'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { actionFor, staffAction } from '@/lib/http/action';
import { actionPromptSchema } from '@/lib/knowledge/action-prompt-schema';
import { createActionPrompt, updateActionPrompt } from '@/lib/knowledge/action-prompts';
import { interviewCreateSchema, interviewUpdateSchema } from '@/lib/knowledge/interview-schema';
import { createInterview, updateInterview } from '@/lib/knowledge/interviews';
import { actionPromptOperations, fileOperations, interviewOperations, webLinkOperations } from '@/lib/knowledge/operations';
import { webLinkCreateSchema } from '@/lib/knowledge/web-link-schema';
import { createWebLink, updateWebLink } from '@/lib/knowledge/web-links';

// The Training Room's knowledge calls: the operations of the REST routes, as server actions. The
// save actions (create or update by an optional id) and the insights edit of a web link keep their
// own schemas: no single operation takes their input.

export const listActionPromptsAction = actionFor(actionPromptOperations.list);

export async function saveActionPromptAction(input: unknown) {
  return staffAction(z.object({ id: idField.optional(), data: actionPromptSchema }), input, (ctx, { id, data }) =>
    id ? updateActionPrompt(ctx, id, data) : createActionPrompt(ctx, data),
  );
}

export const deleteActionPromptAction = actionFor(actionPromptOperations.remove);

export const listWebLinksAction = actionFor(webLinkOperations.list);

export async function saveWebLinkAction(input: unknown) {
  return staffAction(z.object({ id: idField.optional(), data: webLinkCreateSchema }), input, (ctx, { id, data }) => (id ? updateWebLink(ctx, id, data) : createWebLink(ctx, data)));
}

export async function updateWebLinkInsightsAction(input: unknown) {
  return staffAction(z.object({ id: idField, insights_summary: z.string().max(100_000) }), input, (ctx, { id, insights_summary }) => updateWebLink(ctx, id, { insights_summary }));
}

export const deleteWebLinkAction = actionFor(webLinkOperations.remove);

export const generateWebLinkInsightsAction = actionFor(webLinkOperations.generate);

export const manualWebLinkInsightsAction = actionFor(webLinkOperations.manual);

export const listFilesAction = actionFor(fileOperations.list);

export const updateFileAction = actionFor(fileOperations.update);

export const deleteFileAction = actionFor(fileOperations.remove);

export const generateFileInsightsAction = actionFor(fileOperations.generate);

export const listInterviewsAction = actionFor(interviewOperations.list);

export async function saveInterviewAction(input: unknown) {
  return staffAction(z.object({ id: idField.optional(), data: interviewUpdateSchema }), input, (ctx, { id, data }) =>
    id ? updateInterview(ctx, id, data) : createInterview(ctx, interviewCreateSchema.parse(data)),
  );
}

export const deleteInterviewAction = actionFor(interviewOperations.remove);

export const startInterviewAction = actionFor(interviewOperations.start);

export const resetInterviewAction = actionFor(interviewOperations.reset);
