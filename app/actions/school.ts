'use server';

import { z } from 'zod';
import { staffAction } from '@/lib/http/action';
import { AppError, validationError } from '@/lib/http/errors';
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
  return staffAction(z.instanceof(FormData), form, async (ctx, data) => {
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) throw validationError([{ loc: ['body', 'file'], msg: 'Choose an image file', type: 'missing' }]);
    if (file.size > LOGO_MAX_BYTES) throw new AppError(413, LOGO_TOO_LARGE);
    return uploadLogo(ctx, { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name });
  });
}

export async function getFactSheetAction() {
  return staffAction(z.undefined(), undefined, (ctx) => getFactSheet(ctx));
}

export async function saveFactSheetAction(input: unknown) {
  return staffAction(factSheetSchema, input, (ctx, data) => saveFactSheet(ctx, data));
}
