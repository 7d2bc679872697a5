import 'server-only';
import { defineOperations } from '@/lib/http/operation';
import { pageQuerySchema } from '@/lib/users/schema';
import { z } from 'zod';
import { basicSectionSchema, brandingSectionSchema, classificationSectionSchema, contactSectionSchema, factSheetSchema, schoolCreateSchema, schoolUpdateSchema, socialSectionSchema, tuitionSectionSchema } from './schema';
import { createSchool, deleteMySchool, getFactSheet, getMySchool, listSchools, LOGO_TOO_LARGE, saveFactSheet, updateMySchool, updateSchoolSection, uploadLogo } from './service';
import { operation } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';
import { LOGO_MAX_BYTES } from './schema';
import { findPublicBlob } from '@/lib/storage/blobs';
import { notFound } from '@/lib/http/errors';
import { UPLOAD_CONTENT_SECURITY_POLICY } from '@/lib/security/page-headers';

const uploadIdParams = z.object({ id: z.string().max(64) });

/** Types a browser shows in place; any other upload (a voice preview) opened directly downloads. */
const isImage = (type: string) => /^image\/(png|jpeg|gif|webp|svg\+xml|x-icon|vnd\.microsoft\.icon)$/.test(type);

export const schoolOperations = defineOperations({
  list: operation({
    method: 'GET', path: '/schools/', tag: 'Schools', auth: 'bearer', query: pageQuerySchema, errors: [401],
    summary: 'Schools visible to the caller (all for a superuser, otherwise their own)',
    handler: ({ ctx, query }) => listSchools(ctx, query),
  }),
  create: operation({
    method: 'POST', path: '/schools/', tag: 'Schools', auth: 'bearer', body: schoolCreateSchema, status: 201, errors: [401, 409],
    summary: "Create the caller's school (the account gets it)",
    handler: ({ ctx, body }) => createSchool(ctx, body),
  }),
  mySchool: operation({ method: 'GET', path: '/schools/my-school', tag: 'Schools', auth: 'bearer', errors: [401, 404], summary: "The caller's school", handler: ({ ctx }) => getMySchool(ctx) }),
});

const tag = 'Schools';
const mine = [401, 404];

export const mySchoolOperations = defineOperations({
  replace: operation({
    method: 'PUT', path: '/schools/my-school', tag, auth: 'bearer', body: schoolUpdateSchema, errors: mine, summary: "Replace the caller's school profile",
    handler: ({ ctx, body }) => updateMySchool(ctx, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/schools/my-school', tag, auth: 'bearer', errors: [...mine, 403], summary: "Delete the caller's school and everything it owns (admins only)",
    handler: ({ ctx }) => deleteMySchool(ctx),
  }),
  basic: operation({
    method: 'PATCH', path: '/schools/my-school/basic', tag, auth: 'bearer', body: basicSectionSchema, errors: mine, summary: 'Update School Info',
    handler: ({ ctx, body }) => updateSchoolSection(ctx, 'basic', body),
  }),
  classification: operation({
    method: 'PATCH', path: '/schools/my-school/classification', tag, auth: 'bearer', body: classificationSectionSchema, errors: mine, summary: 'Update Classification',
    handler: ({ ctx, body }) => updateSchoolSection(ctx, 'classification', body),
  }),
  branding: operation({
    method: 'PATCH', path: '/schools/my-school/branding', tag, auth: 'bearer', body: brandingSectionSchema, errors: mine, summary: 'Update Branding (not the logo)',
    handler: ({ ctx, body }) => updateSchoolSection(ctx, 'branding', body),
  }),
  contact: operation({
    method: 'PATCH', path: '/schools/my-school/contact', tag, auth: 'bearer', body: contactSectionSchema, errors: mine, summary: 'Update Contact Info',
    handler: ({ ctx, body }) => updateSchoolSection(ctx, 'contact', body),
  }),
  tuition: operation({
    method: 'PATCH', path: '/schools/my-school/tuition', tag, auth: 'bearer', body: tuitionSectionSchema, errors: mine, summary: 'Update Tuition',
    handler: ({ ctx, body }) => updateSchoolSection(ctx, 'tuition', body),
  }),
  social: operation({
    method: 'PATCH', path: '/schools/my-school/social', tag, auth: 'bearer', body: socialSectionSchema, errors: mine, summary: 'Update Social Media',
    handler: ({ ctx, body }) => updateSchoolSection(ctx, 'social', body),
  }),
  uploadLogo: operation({
    method: 'POST', path: '/schools/my-school/upload-logo', tag, auth: 'bearer', multipart: { fileField: 'file' }, errors: [...mine, 413],
    summary: 'Upload the logo (PNG, JPEG, WebP or GIF by content, at most 5 MB); answers the school',
    handler: async ({ ctx, req }) => {
      const { file } = await readUpload(req, { maxBytes: LOGO_MAX_BYTES, tooLarge: LOGO_TOO_LARGE });
      return uploadLogo(ctx, file);
    },
  }),
  getFactSheet: operation({ method: 'GET', path: '/schools/my-school/fact-sheet', tag, auth: 'bearer', errors: mine, summary: "The school's fact sheet", handler: ({ ctx }) => getFactSheet(ctx) }),
  putFactSheet: operation({
    method: 'PUT', path: '/schools/my-school/fact-sheet', tag, auth: 'bearer', body: factSheetSchema, errors: mine, summary: 'Save the fact sheet',
    handler: ({ ctx, body }) => saveFactSheet(ctx, body),
  }),
  upload: operation({
    method: 'GET', path: '/uploads/{id}', tag: 'Uploads', auth: 'none', params: uploadIdParams, errors: [404], summary: 'A public upload (logo, avatar)',
    handler: async ({ params }) => {
      const blob = await findPublicBlob(params.id);
      if (!blob) throw notFound('Upload not found');
      return new Response(Buffer.from(blob.data), {
        headers: {
          'content-type': blob.contentType,
          'content-length': String(blob.size),
          // Ids are never reused, so the bytes behind one never change.
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          // The type was checked from the bytes when stored. Images show in place; anything else
          // (a voice preview, say) opened directly downloads rather than renders.
          'content-disposition': isImage(blob.contentType) ? 'inline' : `attachment; filename="upload-${params.id}"`,
          // Opened directly (an SVG, say), an upload can run nothing and reach nothing.
          'content-security-policy': UPLOAD_CONTENT_SECURITY_POLICY,
        },
      });
    },
  }),
});
