import { defineOperations } from '@/lib/http/operation';
import { pageQuerySchema } from '@/lib/users/schema';
import { z } from 'zod';
import { basicSectionSchema, brandingSectionSchema, classificationSectionSchema, contactSectionSchema, factSheetSchema, schoolCreateSchema, schoolUpdateSchema, socialSectionSchema, tuitionSectionSchema } from './schema';

const uploadIdParams = z.object({ id: z.string().max(64) });

export const schoolOperations = defineOperations({
  list: {
    method: 'GET', path: '/schools/', tag: 'Schools', auth: 'bearer', query: pageQuerySchema, errors: [401],
    summary: 'Schools visible to the caller (all for a superuser, otherwise their own)',
  },
  create: {
    method: 'POST', path: '/schools/', tag: 'Schools', auth: 'bearer', body: schoolCreateSchema, status: 201, errors: [401, 409],
    summary: "Create the caller's school (the account gets it)",
  },
  mySchool: { method: 'GET', path: '/schools/my-school', tag: 'Schools', auth: 'bearer', errors: [401, 404], summary: "The caller's school" },
});

const tag = 'Schools';
const mine = [401, 404];

export const mySchoolOperations = defineOperations({
  replace: { method: 'PUT', path: '/schools/my-school', tag, auth: 'bearer', body: schoolUpdateSchema, errors: mine, summary: "Replace the caller's school profile" },
  remove: { method: 'DELETE', path: '/schools/my-school', tag, auth: 'bearer', errors: [...mine, 403], summary: "Delete the caller's school and everything it owns (admins only)" },
  basic: { method: 'PATCH', path: '/schools/my-school/basic', tag, auth: 'bearer', body: basicSectionSchema, errors: mine, summary: 'Update School Info' },
  classification: { method: 'PATCH', path: '/schools/my-school/classification', tag, auth: 'bearer', body: classificationSectionSchema, errors: mine, summary: 'Update Classification' },
  branding: { method: 'PATCH', path: '/schools/my-school/branding', tag, auth: 'bearer', body: brandingSectionSchema, errors: mine, summary: 'Update Branding (not the logo)' },
  contact: { method: 'PATCH', path: '/schools/my-school/contact', tag, auth: 'bearer', body: contactSectionSchema, errors: mine, summary: 'Update Contact Info' },
  tuition: { method: 'PATCH', path: '/schools/my-school/tuition', tag, auth: 'bearer', body: tuitionSectionSchema, errors: mine, summary: 'Update Tuition' },
  social: { method: 'PATCH', path: '/schools/my-school/social', tag, auth: 'bearer', body: socialSectionSchema, errors: mine, summary: 'Update Social Media' },
  uploadLogo: {
    method: 'POST', path: '/schools/my-school/upload-logo', tag, auth: 'bearer', multipart: { fileField: 'file' }, errors: [...mine, 413],
    summary: 'Upload the logo (PNG, JPEG, WebP or GIF by content, at most 5 MB); answers the school',
  },
  getFactSheet: { method: 'GET', path: '/schools/my-school/fact-sheet', tag, auth: 'bearer', errors: mine, summary: "The school's fact sheet" },
  putFactSheet: { method: 'PUT', path: '/schools/my-school/fact-sheet', tag, auth: 'bearer', body: factSheetSchema, errors: mine, summary: 'Save the fact sheet' },
  upload: { method: 'GET', path: '/uploads/{id}', tag: 'Uploads', auth: 'none', params: uploadIdParams, errors: [404], summary: 'A public upload (logo, avatar)' },
});
