import 'server-only';
import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { defineOperations } from '@/lib/http/operation';
import { batchIdParams, prospectCreateSchema, prospectListQuerySchema, prospectUpdateSchema } from './schema';
import { createProspect, deleteProspect, getBatch, getProspect, getProspectFeature, listProspects, parseProspectHeaders, prospectStats, recentBatches, setProspectFeature, undoBatch, updateProspect, uploadProspects } from './service';
import { operation } from '@/lib/http/route';

// The prospect list's calls, under /api/prospects. Every call answers 403 until the school's Manage Prospects switch is on.
const tag = 'Prospects';
const errors = [401, 403, 404];
const byId = z.object({ id: idField });
const upload = { fileField: 'file' };

export const prospectOperations = defineOperations({
  list: operation({
    method: 'GET', path: '/api/prospects/my-school', tag, auth: 'bearer', query: prospectListQuerySchema, errors,
    summary: "A page of the school's prospects (a list; search matches the starts of words in names, e-mail, phone and external id; default newest first, 50 a page)",
    handler: ({ ctx, query }) => listProspects(ctx, query),
  }),
  create: operation({
    method: 'POST', path: '/api/prospects/my-school', tag, auth: 'bearer', body: prospectCreateSchema, status: 201, errors: [...errors, 409], summary: 'Add a prospect by hand (409 when its external id or e-mail is taken)',
    handler: ({ ctx, body }) => createProspect(ctx, body),
  }),
  stats: operation({
    method: 'GET', path: '/api/prospects/my-school/stats', tag, auth: 'bearer', errors,
    summary: '{total_count, recent_uploads (added in the last 7 days), status_breakdown, program_breakdown}',
    handler: ({ ctx }) => prospectStats(ctx),
  }),
  get: operation({ method: 'GET', path: '/api/prospects/my-school/{id}', tag, auth: 'bearer', params: byId, errors, summary: 'One prospect', handler: ({ ctx, params }) => getProspect(ctx, params.id) }),
  update: operation({
    method: 'PUT', path: '/api/prospects/my-school/{id}', tag, auth: 'bearer', params: byId, body: prospectUpdateSchema, errors: [...errors, 409], summary: 'Change any fields of a prospect',
    handler: ({ ctx, params, body }) => updateProspect(ctx, params.id, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/api/prospects/my-school/{id}', tag, auth: 'bearer', params: byId, errors, summary: 'Delete one prospect: {message}',
    handler: ({ ctx, params }) => deleteProspect(ctx, params.id),
  }),
  parseHeaders: operation({
    method: 'POST', path: '/api/prospects/my-school/parse-headers', tag, auth: 'bearer-or-session', multipart: upload, errors: [...errors, 413, 503],
    summary:
      'Read a .csv or .xlsx file (judged by content; .xls answers 422 asking for .xlsx or .csv): {headers, suggested_mappings: [{source_column, target_field, is_custom}], preview (first 5 rows), file_type, encoding, delimiter}. Nothing is stored',
    handler: ({ ctx, req }) => parseProspectHeaders(ctx, req),
  }),
  upload: operation({
    method: 'POST', path: '/api/prospects/my-school/upload', tag, auth: 'bearer-or-session', errors: [...errors, 413, 503],
    multipart: { fileField: 'file', fields: { field_mappings: 'JSON list of {source_column, target_field, is_custom}; columns not listed (or with an empty target_field) are skipped' } },
    summary:
      'Import a file as one batch: {success, message, errors: [{line, column, message}] (the header is line 1), batch_id, status, imported, updated, skipped, error_count}. A small file is imported before the answer (200); a large one in the background (202, status processing: follow GET /batch/{batch_id}). A re-import updates prospects with the same external_id, else the same e-mail',
    handler: async ({ ctx, req }) => {
      const { status, body } = await uploadProspects(ctx, req);
      return Response.json(body, { status });
    },
  }),
  batches: operation({
    method: 'GET', path: '/api/prospects/my-school/batches', tag, auth: 'bearer-or-session', errors, summary: 'The 20 most recent imports with their progress and outcome',
    handler: ({ ctx }) => recentBatches(ctx),
  }),
  batch: operation({
    method: 'GET', path: '/api/prospects/my-school/batch/{batch_id}', tag, auth: 'bearer-or-session', params: batchIdParams, errors, summary: "One import's progress and outcome (processed_rows of total_rows)",
    handler: ({ ctx, params }) => getBatch(ctx, params.batch_id),
  }),
  undoBatch: operation({
    method: 'DELETE', path: '/api/prospects/my-school/batch/{batch_id}', tag, auth: 'bearer', params: batchIdParams, errors: [...errors, 409],
    summary: 'Undo one import: the prospects it created are deleted and those it changed get their earlier values back; {message, deleted, restored}',
    handler: ({ ctx, params }) => undoBatch(ctx, params.batch_id),
  }),
  feature: operation({
    method: 'GET', path: '/api/prospects/my-school/feature', tag, auth: 'bearer', errors: [401, 404], summary: "Whether Manage Prospects and Campaigns are on for the caller's school: {prospects_enabled}",
    handler: ({ ctx }) => getProspectFeature(ctx),
  }),
  setFeature: operation({
    method: 'PUT', path: '/api/prospects/my-school/feature', tag, auth: 'bearer', body: z.object({ prospects_enabled: z.boolean() }).strict(), errors: [401, 403, 404],
    summary: "Turn Manage Prospects and Campaigns on or off for the caller's school (superuser only)",
    handler: ({ ctx, body }) => setProspectFeature(ctx, body.prospects_enabled),
  }),
});
