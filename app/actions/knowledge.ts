'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { staffAction } from '@/lib/http/action';
import { actionPromptSchema } from '@/lib/knowledge/action-prompt-schema';
import { createActionPrompt, deleteActionPrompt, listActionPrompts, updateActionPrompt } from '@/lib/knowledge/action-prompts';
import { fileUpdateSchema } from '@/lib/knowledge/file-schema';
import { deleteFile, listFiles, startFileAnalysis, updateFile } from '@/lib/knowledge/files';
import { interviewCreateSchema, interviewUpdateSchema } from '@/lib/knowledge/interview-schema';
import { createInterview, deleteInterview, listInterviews, resetInterviewCall, startInterviewCall, updateInterview } from '@/lib/knowledge/interviews';
import { manualContentSchema, webLinkCreateSchema } from '@/lib/knowledge/web-link-schema';
import { createWebLink, deleteWebLink, generateWebLinkInsights, generateWebLinkInsightsManual, listWebLinks, updateWebLink } from '@/lib/knowledge/web-links';

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

export async function listWebLinksAction() {
  return staffAction(z.undefined(), undefined, (ctx) => listWebLinks(ctx));
}

export async function saveWebLinkAction(input: unknown) {
  return staffAction(z.object({ id: idField.optional(), data: webLinkCreateSchema }), input, (ctx, { id, data }) => (id ? updateWebLink(ctx, id, data) : createWebLink(ctx, data)));
}

export async function updateWebLinkInsightsAction(input: unknown) {
  return staffAction(z.object({ id: idField, insights_summary: z.string().max(100_000) }), input, (ctx, { id, insights_summary }) => updateWebLink(ctx, id, { insights_summary }));
}

export async function deleteWebLinkAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => deleteWebLink(ctx, id));
}

export async function generateWebLinkInsightsAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => generateWebLinkInsights(ctx, id));
}

export async function manualWebLinkInsightsAction(input: unknown) {
  return staffAction(manualContentSchema.extend({ id: idField }), input, (ctx, { id, content }) => generateWebLinkInsightsManual(ctx, id, content));
}

export async function listFilesAction() {
  return staffAction(z.undefined(), undefined, (ctx) => listFiles(ctx));
}

export async function updateFileAction(input: unknown) {
  return staffAction(fileUpdateSchema.extend({ id: idField }), input, (ctx, { id, ...changes }) => updateFile(ctx, id, changes));
}

export async function deleteFileAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => deleteFile(ctx, id));
}

export async function generateFileInsightsAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => startFileAnalysis(ctx, id));
}

export async function listInterviewsAction() {
  return staffAction(z.undefined(), undefined, (ctx) => listInterviews(ctx));
}

export async function saveInterviewAction(input: unknown) {
  return staffAction(z.object({ id: idField.optional(), data: interviewUpdateSchema }), input, (ctx, { id, data }) =>
    id ? updateInterview(ctx, id, data) : createInterview(ctx, interviewCreateSchema.parse(data)),
  );
}

export async function deleteInterviewAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => deleteInterview(ctx, id));
}

export async function startInterviewAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => startInterviewCall(ctx, id));
}

export async function resetInterviewAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => resetInterviewCall(ctx, id));
}
