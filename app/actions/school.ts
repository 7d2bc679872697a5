'use server';

import { z } from 'zod';
import { staffAction } from '@/lib/http/action';
import { fileFromForm } from '@/lib/http/upload';
import { parseWith } from '@/lib/http/validation';
import { factSheetSchema, LOGO_MAX_BYTES, schoolCreateSchema, SECTION_KEYS, SECTIONS } from '@/lib/schools/schema';
import { createSchool, getFactSheet, LOGO_TOO_LARGE, saveFactSheet, updateSchoolSection, uploadLogo } from '@/lib/schools/service';

// School Management and the fact sheet: the same schemas and lib/schools functions as /schools/*.

export async function createSchoolAction(input: unknown) {
  return staffAction(schoolCreateSchema, input, (ctx, data) => createSchool(ctx, data));
}

export async function updateSchoolSectionAction(input: unknown) {
  return staffAction(z.object({ section: z.enum(SECTION_KEYS), data: z.unknown() }), input, (ctx, { section, data }) =>
    updateSchoolSection(ctx, section, parseWith(SECTIONS[section].schema, data, 'body')),
  );
}

export async function uploadLogoAction(form: FormData) {
  return staffAction(z.instanceof(FormData), form, async (ctx, data) =>
    uploadLogo(ctx, await fileFromForm(data, { maxBytes: LOGO_MAX_BYTES, tooLarge: LOGO_TOO_LARGE, missing: 'Choose an image file' })),
  );
}

export async function getFactSheetAction() {
  return staffAction(z.undefined(), undefined, (ctx) => getFactSheet(ctx));
}

export async function saveFactSheetAction(input: unknown) {
  return staffAction(factSheetSchema, input, (ctx, data) => saveFactSheet(ctx, data));
}
