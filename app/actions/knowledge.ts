'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { actionFor, staffAction } from '@/lib/http/action';
import { actionPromptSchema } from '@/lib/knowledge/action-prompt-schema';
import { createActionPrompt, deleteActionPrompt, listActionPrompts, updateActionPrompt } from '@/lib/knowledge/action-prompts';
import { deleteFile, listFiles, startFileAnalysis, updateFile } from '@/lib/knowledge/files';
import { interviewCreateSchema, interviewUpdateSchema } from '@/lib/knowledge/interview-schema';
import { createInterview, deleteInterview, listInterviews, resetInterviewCall, startInterviewCall, updateInterview } from '@/lib/knowledge/interviews';
import { actionPromptOperations, fileOperations, interviewOperations, webLinkOperations } from '@/lib/knowledge/operations';
import { webLinkCreateSchema } from '@/lib/knowledge/web-link-schema';
import { createWebLink, deleteWebLink, generateWebLinkInsights, generateWebLinkInsightsManual, listWebLinks, updateWebLink } from '@/lib/knowledge/web-links';

// The Training Room's knowledge calls: the operations of the REST routes, as server actions. The
// save actions (create or update by an optional id) and the insights edit of a web link keep their
// own schemas: no single operation takes their input.

export const listActionPromptsAction = actionFor(actionPromptOperations.list, ({ ctx }) => listActionPrompts(ctx));

export async function saveActionPromptAction(input: unknown) {
  return staffAction(z.object({ id: idField.optional(), data: actionPromptSchema }), input, (ctx, { id, data }) =>
    id ? updateActionPrompt(ctx, id, data) : createActionPrompt(ctx, data),
  );
}

export const deleteActionPromptAction = actionFor(actionPromptOperations.remove, ({ ctx, params }) => deleteActionPrompt(ctx, params.id));

export const listWebLinksAction = actionFor(webLinkOperations.list, ({ ctx }) => listWebLinks(ctx));

export async function saveWebLinkAction(input: unknown) {
  return staffAction(z.object({ id: idField.optional(), data: webLinkCreateSchema }), input, (ctx, { id, data }) => (id ? updateWebLink(ctx, id, data) : createWebLink(ctx, data)));
}

export async function updateWebLinkInsightsAction(input: unknown) {
  return staffAction(z.object({ id: idField, insights_summary: z.string().max(100_000) }), input, (ctx, { id, insights_summary }) => updateWebLink(ctx, id, { insights_summary }));
}

export const deleteWebLinkAction = actionFor(webLinkOperations.remove, ({ ctx, params }) => deleteWebLink(ctx, params.id));

export const generateWebLinkInsightsAction = actionFor(webLinkOperations.generate, ({ ctx, params }) => generateWebLinkInsights(ctx, params.id));

export const manualWebLinkInsightsAction = actionFor(webLinkOperations.manual, ({ ctx, params, body }) => generateWebLinkInsightsManual(ctx, params.id, body.content));

export const listFilesAction = actionFor(fileOperations.list, ({ ctx }) => listFiles(ctx));

export const updateFileAction = actionFor(fileOperations.update, ({ ctx, params, body }) => updateFile(ctx, params.id, body));

export const deleteFileAction = actionFor(fileOperations.remove, ({ ctx, params }) => deleteFile(ctx, params.id));

export const generateFileInsightsAction = actionFor(fileOperations.generate, ({ ctx, params }) => startFileAnalysis(ctx, params.id));

export const listInterviewsAction = actionFor(interviewOperations.list, ({ ctx }) => listInterviews(ctx));

export async function saveInterviewAction(input: unknown) {
  return staffAction(z.object({ id: idField.optional(), data: interviewUpdateSchema }), input, (ctx, { id, data }) =>
    id ? updateInterview(ctx, id, data) : createInterview(ctx, interviewCreateSchema.parse(data)),
  );
}

export const deleteInterviewAction = actionFor(interviewOperations.remove, ({ ctx, params }) => deleteInterview(ctx, params.id));

export const startInterviewAction = actionFor(interviewOperations.start, ({ ctx, params }) => startInterviewCall(ctx, params.id));

export const resetInterviewAction = actionFor(interviewOperations.reset, ({ ctx, params }) => resetInterviewCall(ctx, params.id));
