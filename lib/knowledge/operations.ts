import 'server-only';
import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { defineOperations } from '@/lib/http/operation';
import { actionPromptSchema } from './action-prompt-schema';
import { correctionSchema } from './correction-schema';
import { fileUpdateSchema } from './file-schema';
import { interviewCreateSchema, interviewUpdateSchema } from './interview-schema';
import { manualContentSchema, webLinkCreateSchema, webLinkUpdateSchema } from './web-link-schema';
import { createActionPrompt, deleteActionPrompt, listActionPrompts, updateActionPrompt } from './action-prompts';
import { operation } from '@/lib/http/route';
import { createCorrection, deleteCorrection, listCorrections, updateCorrection } from './corrections';
import { deleteFile, listFiles, startFileAnalysis, updateFile, uploadFileFromRequest } from './files';
import { allInsights } from './insights';
import { CALL_REPORT_MAX_BYTES, createInterview, deleteInterview, generateInterviewSummary, listInterviews, receiveCallWebhook, resetInterviewCall, startInterviewCall, updateInterview } from './interviews';
import { readTextCapped } from '@/lib/http/body';
import { createWebLink, deleteWebLink, generateWebLinkInsights, generateWebLinkInsightsManual, listWebLinks, updateWebLink } from './web-links';

const idParams = z.object({ id: idField });
const errors = [401, 404];

export const actionPromptOperations = defineOperations({
  list: operation({
    method: 'GET', path: '/action-prompts/', tag: 'Action prompts', auth: 'bearer', errors, summary: "The school's action prompts, higher priority first",
    handler: ({ ctx }) => listActionPrompts(ctx),
  }),
  create: operation({
    method: 'POST', path: '/action-prompts/', tag: 'Action prompts', auth: 'bearer', body: actionPromptSchema, status: 201, errors, summary: 'Add an action prompt',
    handler: ({ ctx, body }) => createActionPrompt(ctx, body),
  }),
  update: operation({
    method: 'PUT', path: '/action-prompts/{id}', tag: 'Action prompts', auth: 'bearer', params: idParams, body: actionPromptSchema, errors, summary: 'Update an action prompt',
    handler: ({ ctx, params, body }) => updateActionPrompt(ctx, params.id, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/action-prompts/{id}', tag: 'Action prompts', auth: 'bearer', params: idParams, errors, summary: 'Delete an action prompt',
    handler: ({ ctx, params }) => deleteActionPrompt(ctx, params.id),
  }),
});

const wl = 'Web links';

export const webLinkOperations = defineOperations({
  list: operation({ method: 'GET', path: '/web-links/', tag: wl, auth: 'bearer', errors, summary: "The school's web links", handler: ({ ctx }) => listWebLinks(ctx) }),
  create: operation({
    method: 'POST', path: '/web-links/', tag: wl, auth: 'bearer', body: webLinkCreateSchema, status: 201, errors: [...errors, 409], summary: 'Add a web link',
    handler: ({ ctx, body }) => createWebLink(ctx, body),
  }),
  update: operation({
    method: 'PUT', path: '/web-links/{id}', tag: wl, auth: 'bearer', params: idParams, body: webLinkUpdateSchema, errors: [...errors, 409],
    summary: 'Update name, URL, subpage drilling or the insights',
    handler: ({ ctx, params, body }) => updateWebLink(ctx, params.id, body),
  }),
  remove: operation({ method: 'DELETE', path: '/web-links/{id}', tag: wl, auth: 'bearer', params: idParams, errors, summary: 'Delete a web link', handler: ({ ctx, params }) => deleteWebLink(ctx, params.id) }),
  generate: operation({
    method: 'POST', path: '/web-links/{id}/generate-insights', tag: wl, auth: 'bearer', params: idParams, errors,
    summary: 'Read the page (and subpages) and summarise it; answers the link, or {status: manual_required, url, name}',
    handler: ({ ctx, params }) => generateWebLinkInsights(ctx, params.id),
  }),
  manual: operation({
    method: 'POST', path: '/web-links/{id}/generate-insights-manual', tag: wl, auth: 'bearer', params: idParams, body: manualContentSchema, errors,
    summary: 'Insights from pasted page text (status completed_manual)',
    handler: ({ ctx, params, body }) => generateWebLinkInsightsManual(ctx, params.id, body.content),
  }),
});

export const insightOperations = defineOperations({
  all: operation({
    method: 'GET', path: '/insights/all', tag: 'Knowledge', auth: 'bearer', errors, summary: 'Every knowledge source of the school (fact sheet, web-link insights, files, interviews, action prompts, corrections)',
    handler: ({ ctx }) => allInsights(ctx),
  }),
});

const co = 'Corrections';

export const correctionOperations = defineOperations({
  list: operation({ method: 'GET', path: '/corrections/', tag: co, auth: 'bearer', errors, summary: "The school's corrections of answers, newest first", handler: ({ ctx }) => listCorrections(ctx) }),
  create: operation({
    method: 'POST', path: '/corrections/', tag: co, auth: 'bearer', body: correctionSchema, status: 201, errors,
    summary: "Add the answer the assistant should give to a question (optionally linked to one of the school's ratings); chat prefers it for the same and similar questions",
    handler: ({ ctx, body }) => createCorrection(ctx, body),
  }),
  update: operation({
    method: 'PUT', path: '/corrections/{id}', tag: co, auth: 'bearer', params: idParams, body: correctionSchema, errors, summary: 'Change a correction (rating_id is kept unless sent; null unlinks it)',
    handler: ({ ctx, params, body }) => updateCorrection(ctx, params.id, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/corrections/{id}', tag: co, auth: 'bearer', params: idParams, errors, summary: 'Delete a correction; the assistant stops using it at once',
    handler: ({ ctx, params }) => deleteCorrection(ctx, params.id),
  }),
});

const fl = 'Files';

export const fileOperations = defineOperations({
  list: operation({ method: 'GET', path: '/files/', tag: fl, auth: 'bearer', errors, summary: "The school's uploaded documents", handler: ({ ctx }) => listFiles(ctx) }),
  upload: operation({
    method: 'POST', path: '/files/', tag: fl, auth: 'bearer-or-session', multipart: { fileField: 'file', fields: { name: 'Display name (defaults to the file name without its extension)' } },
    status: 201, errors: [...errors, 413], summary: 'Upload a .pdf, .doc, .docx, .txt or .md document (checked by content, at most 25 MB)',
    handler: ({ ctx, req }) => uploadFileFromRequest(ctx, req),
  }),
  update: operation({
    method: 'PUT', path: '/files/{id}', tag: fl, auth: 'bearer', params: idParams, body: fileUpdateSchema, errors, summary: 'Rename a document or edit its insights',
    handler: ({ ctx, params, body }) => updateFile(ctx, params.id, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/files/{id}', tag: fl, auth: 'bearer', params: idParams, errors, summary: 'Delete a document and its stored bytes',
    handler: ({ ctx, params }) => deleteFile(ctx, params.id),
  }),
  generate: operation({
    method: 'POST', path: '/files/{id}/generate-insights', tag: fl, auth: 'bearer', params: idParams, status: 202, errors,
    summary: 'Start the analysis job (status becomes processing, then completed or failed)',
    handler: ({ ctx, params }) => startFileAnalysis(ctx, params.id),
  }),
});

const iv = 'Interview calls';

export const interviewOperations = defineOperations({
  list: operation({ method: 'GET', path: '/interview-calls/', tag: iv, auth: 'bearer', errors, summary: "The school's staff interview calls", handler: ({ ctx }) => listInterviews(ctx) }),
  create: operation({
    method: 'POST', path: '/interview-calls/', tag: iv, auth: 'bearer', body: interviewCreateSchema, status: 201, errors, summary: 'Plan an interview call',
    handler: ({ ctx, body }) => createInterview(ctx, body),
  }),
  update: operation({
    method: 'PUT', path: '/interview-calls/{id}', tag: iv, auth: 'bearer', params: idParams, body: interviewUpdateSchema, errors: [...errors, 409],
    summary: 'Update a call (phone, topic and instructions only while pending) or its summary',
    handler: ({ ctx, params, body }) => updateInterview(ctx, params.id, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/interview-calls/{id}', tag: iv, auth: 'bearer', params: idParams, errors, summary: 'Delete an interview call',
    handler: ({ ctx, params }) => deleteInterview(ctx, params.id),
  }),
  start: operation({
    method: 'POST', path: '/interview-calls/{id}/start-call', tag: iv, auth: 'bearer', params: idParams, errors: [...errors, 409, 502, 503],
    summary: 'Place the call (503 when telephony is not configured)',
    handler: ({ ctx, params }) => startInterviewCall(ctx, params.id),
  }),
  reset: operation({
    method: 'POST', path: '/interview-calls/{id}/reset-call', tag: iv, auth: 'bearer', params: idParams, errors, summary: 'Return a call to pending and clear its results',
    handler: ({ ctx, params }) => resetInterviewCall(ctx, params.id),
  }),
  summary: operation({
    method: 'POST', path: '/interview-calls/{id}/generate-summary', tag: iv, auth: 'bearer', params: idParams, errors: [...errors, 400], summary: "Summarise the call's transcript into interview_summary",
    handler: ({ ctx, params }) => generateInterviewSummary(ctx, params.id),
  }),
  webhook: operation({
    method: 'POST', path: '/interview-calls/webhook', tag: iv, auth: 'none', errors: [401, 503],
    // The provider calls from a few addresses for every school's calls.
    limit: { max: 3000, windowSeconds: 60 },
    summary: "The telephony provider's signed call report (ElevenLabs-Signature; post_call_transcription, call_initiation_failure)",
    // The body is read raw (the signature covers the exact bytes the provider sent), and no further
    // than the largest report a call makes.
    handler: async ({ req }) =>
      receiveCallWebhook(await readTextCapped(req, CALL_REPORT_MAX_BYTES), req.headers.get('elevenlabs-signature')),
  }),
});
