'use server';

import { z } from 'zod';
import { actionFor, staffAction } from '@/lib/http/action';
import { fileFromForm } from '@/lib/http/upload';
import { parseWith } from '@/lib/http/validation';
import { mySchoolOperations, schoolOperations } from '@/lib/schools/operations';
import { LOGO_MAX_BYTES, SECTION_KEYS, SECTIONS } from '@/lib/schools/schema';
import { LOGO_TOO_LARGE, updateSchoolSection, uploadLogo } from '@/lib/schools/service';

// School Management and the fact sheet: the operations of /schools/*, as server actions. A section
// save (one action for every PATCH /schools/my-school/<section>) and the logo upload (a form) keep
// their own schemas and the same lib/schools functions.

export const createSchoolAction = actionFor(schoolOperations.create);

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

export const getFactSheetAction = actionFor(mySchoolOperations.getFactSheet);

export const saveFactSheetAction = actionFor(mySchoolOperations.putFactSheet);
