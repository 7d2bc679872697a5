import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { defineOperations } from '@/lib/http/operation';
import { actionPromptSchema } from './action-prompt-schema';
import { correctionSchema } from './correction-schema';
import { fileUpdateSchema } from './file-schema';
import { interviewCreateSchema, interviewUpdateSchema } from './interview-schema';
import { manualContentSchema, webLinkCreateSchema, webLinkUpdateSchema } from './web-link-schema';

const idParams = z.object({ id: idField });
const errors = [401, 404];

export const actionPromptOperations = defineOperations({
  list: { method: 'GET', path: '/action-prompts/', tag: 'Action prompts', auth: 'bearer', errors, summary: "The school's action prompts, higher priority first" },
  create: { method: 'POST', path: '/action-prompts/', tag: 'Action prompts', auth: 'bearer', body: actionPromptSchema, status: 201, errors, summary: 'Add an action prompt' },
  update: { method: 'PUT', path: '/action-prompts/{id}', tag: 'Action prompts', auth: 'bearer', params: idParams, body: actionPromptSchema, errors, summary: 'Update an action prompt' },
  remove: { method: 'DELETE', path: '/action-prompts/{id}', tag: 'Action prompts', auth: 'bearer', params: idParams, errors, summary: 'Delete an action prompt' },
});

const wl = 'Web links';

export const webLinkOperations = defineOperations({
  list: { method: 'GET', path: '/web-links/', tag: wl, auth: 'bearer', errors, summary: "The school's web links" },
  create: { method: 'POST', path: '/web-links/', tag: wl, auth: 'bearer', body: webLinkCreateSchema, status: 201, errors: [...errors, 409], summary: 'Add a web link' },
  update: {
    method: 'PUT', path: '/web-links/{id}', tag: wl, auth: 'bearer', params: idParams, body: webLinkUpdateSchema, errors: [...errors, 409],
    summary: 'Update name, URL, subpage drilling or the insights',
  },
  remove: { method: 'DELETE', path: '/web-links/{id}', tag: wl, auth: 'bearer', params: idParams, errors, summary: 'Delete a web link' },
  generate: {
    method: 'POST', path: '/web-links/{id}/generate-insights', tag: wl, auth: 'bearer', params: idParams, errors,
    summary: 'Read the page (and subpages) and summarise it; answers the link, or {status: manual_required, url, name}',
  },
  manual: {
    method: 'POST', path: '/web-links/{id}/generate-insights-manual', tag: wl, auth: 'bearer', params: idParams, body: manualContentSchema, errors,
    summary: 'Insights from pasted page text (status completed_manual)',
  },
});

export const insightOperations = defineOperations({
  all: { method: 'GET', path: '/insights/all', tag: 'Knowledge', auth: 'bearer', errors, summary: 'Every knowledge source of the school (fact sheet, web-link insights, files, interviews, action prompts, corrections)' },
});

const co = 'Corrections';

export const correctionOperations = defineOperations({
  list: { method: 'GET', path: '/corrections/', tag: co, auth: 'bearer', errors, summary: "The school's corrections of answers, newest first" },
  create: {
    method: 'POST', path: '/corrections/', tag: co, auth: 'bearer', body: correctionSchema, status: 201, errors,
    summary: "Add the answer the assistant should give to a question (optionally linked to one of the school's ratings); chat prefers it for the same and similar questions",
  },
  update: { method: 'PUT', path: '/corrections/{id}', tag: co, auth: 'bearer', params: idParams, body: correctionSchema, errors, summary: 'Change a correction (rating_id is kept unless sent; null unlinks it)' },
  remove: { method: 'DELETE', path: '/corrections/{id}', tag: co, auth: 'bearer', params: idParams, errors, summary: 'Delete a correction; the assistant stops using it at once' },
});

const fl = 'Files';

export const fileOperations = defineOperations({
  list: { method: 'GET', path: '/files/', tag: fl, auth: 'bearer', errors, summary: "The school's uploaded documents" },
  upload: {
    method: 'POST', path: '/files/', tag: fl, auth: 'bearer-or-session', multipart: { fileField: 'file', fields: { name: 'Display name (defaults to the file name without its extension)' } },
    status: 201, errors: [...errors, 413], summary: 'Upload a .pdf, .doc, .docx, .txt or .md document (checked by content, at most 25 MB)',
  },
  update: { method: 'PUT', path: '/files/{id}', tag: fl, auth: 'bearer', params: idParams, body: fileUpdateSchema, errors, summary: 'Rename a document or edit its insights' },
  remove: { method: 'DELETE', path: '/files/{id}', tag: fl, auth: 'bearer', params: idParams, errors, summary: 'Delete a document and its stored bytes' },
  generate: {
    method: 'POST', path: '/files/{id}/generate-insights', tag: fl, auth: 'bearer', params: idParams, status: 202, errors,
    summary: 'Start the analysis job (status becomes processing, then completed or failed)',
  },
});

const iv = 'Interview calls';

export const interviewOperations = defineOperations({
  list: { method: 'GET', path: '/interview-calls/', tag: iv, auth: 'bearer', errors, summary: "The school's staff interview calls" },
  create: { method: 'POST', path: '/interview-calls/', tag: iv, auth: 'bearer', body: interviewCreateSchema, status: 201, errors, summary: 'Plan an interview call' },
  update: {
    method: 'PUT', path: '/interview-calls/{id}', tag: iv, auth: 'bearer', params: idParams, body: interviewUpdateSchema, errors: [...errors, 409],
    summary: 'Update a call (phone, topic and instructions only while pending) or its summary',
  },
  remove: { method: 'DELETE', path: '/interview-calls/{id}', tag: iv, auth: 'bearer', params: idParams, errors, summary: 'Delete an interview call' },
  start: {
    method: 'POST', path: '/interview-calls/{id}/start-call', tag: iv, auth: 'bearer', params: idParams, errors: [...errors, 409, 502, 503],
    summary: 'Place the call (503 when telephony is not configured)',
  },
  reset: { method: 'POST', path: '/interview-calls/{id}/reset-call', tag: iv, auth: 'bearer', params: idParams, errors, summary: 'Return a call to pending and clear its results' },
  summary: { method: 'POST', path: '/interview-calls/{id}/generate-summary', tag: iv, auth: 'bearer', params: idParams, errors: [...errors, 400], summary: "Summarise the call's transcript into interview_summary" },
  webhook: {
    method: 'POST', path: '/interview-calls/webhook', tag: iv, auth: 'none', errors: [401, 503],
    // The provider calls from a few addresses for every school's calls.
    limit: { max: 3000, windowSeconds: 60 },
    summary: "The telephony provider's signed call report (ElevenLabs-Signature; post_call_transcription, call_initiation_failure)",
  },
});
