import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { schools, widgetStyling } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { AppError, validationError, type ValidationIssue } from '@/lib/http/errors';
import { toValidationIssues } from '@/lib/http/validation';
import { schoolSettings } from '@/lib/schools/settings';
import { saveBlob, uploadUrl } from '@/lib/storage/blobs';
import { sniffImageType } from '@/lib/storage/image-type';
import { requireSchoolId } from '@/lib/tenancy';
import { ICON_INVALID, ICON_MAX_BYTES, ICON_TOO_LARGE, stylingUpdateSchema, withStylingDefaults, type Branding, type StylingUpdate, type WidgetStyling } from './styling';

// The school's widget styling, read with every default filled in and saved in
// part. GET /api/widget/config reads the same row on every call, so a save shows on the widget's
// next page load.

const store = schoolSettings<{ styling: Record<string, unknown> }>(widgetStyling, ['styling']);

/** The school's branding colours, the widget's first colours. */
export async function schoolBranding(schoolId: number): Promise<Branding | null> {
  const db = await getDb();
  const [row] = await db.select({ primary: schools.primaryColor, secondary: schools.secondaryColor, tertiary: schools.tertiaryColor }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row ?? null;
}

/** GET /widget-styling: the styling object itself, every field present. */
export async function getWidgetStyling(ctx: AuthContext): Promise<WidgetStyling> {
  const schoolId = requireSchoolId(ctx);
  const [saved, brand] = await Promise.all([store.read(schoolId), schoolBranding(schoolId)]);
  return withStylingDefaults(saved?.styling, brand);
}

/** Only the icon types the form's hint names (PNG, JPG), recognised by their first bytes. */
const ICON_TYPES = new Set(['image/png', 'image/jpeg']);

/** The `styling` form field: JSON text of an object of styling fields. */
export function parseStylingText(text: unknown): StylingUpdate {
  if (text === null || text === undefined || text === '') return {};
  if (typeof text !== 'string') throw validationError([{ loc: ['body', 'styling'], msg: 'styling must be JSON text', type: 'json_invalid' }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validationError([{ loc: ['body', 'styling'], msg: 'styling is not valid JSON', type: 'json_invalid' }]);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw validationError([{ loc: ['body', 'styling'], msg: 'styling must be a JSON object of styling fields', type: 'dict_type' }]);
  }
  const parsed = stylingUpdateSchema.safeParse(value);
  if (parsed.success) return parsed.data as StylingUpdate;
  // An unknown key is named in its own location, like any other field.
  const issues: ValidationIssue[] = toValidationIssues(parsed.error, 'styling', value).flatMap((issue, i) => {
    const raw = parsed.error.issues[i];
    if (raw.code === 'unrecognized_keys') return raw.keys.map((key) => ({ loc: ['body', 'styling', key], msg: `Unknown styling field: ${key}`, type: 'extra_forbidden' }));
    return [{ ...issue, loc: ['body', ...issue.loc] }];
  });
  throw validationError(issues);
}

export type StylingForm = { styling?: unknown; icon?: unknown };

/**
 * POST /widget-styling and the Styling tab's save: the fields sent replace the saved ones, the rest
 * keep their values. An icon (PNG or JPEG by content, at most 5 MB) is stored as a public upload
 * and becomes customIconUrl; it needs buttonIcon 'custom'. Everything is checked before anything
 * is stored.
 */
export async function saveWidgetStyling(ctx: AuthContext, form: StylingForm): Promise<WidgetStyling> {
  const schoolId = requireSchoolId(ctx);
  const update = parseStylingText(form.styling);
  const icon = form.icon instanceof Blob && form.icon.size > 0 ? form.icon : null;
  if (form.icon !== undefined && form.icon !== null && typeof form.icon === 'string' && form.icon !== '') {
    throw validationError([{ loc: ['body', 'icon'], msg: 'icon must be a file', type: 'value_error' }]);
  }
  const [saved, brand] = await Promise.all([store.read(schoolId), schoolBranding(schoolId)]);
  const current = withStylingDefaults(saved?.styling, brand);
  const next: WidgetStyling = { ...current, ...update };
  let iconBytes: Uint8Array | null = null;
  let iconType: string | null = null;
  if (icon) {
    if (icon.size > ICON_MAX_BYTES) throw new AppError(413, ICON_TOO_LARGE);
    if (next.buttonIcon !== 'custom') throw validationError([{ loc: ['body', 'icon'], msg: "An icon file is used only when buttonIcon is 'custom'", type: 'value_error' }]);
    iconBytes = new Uint8Array(await icon.arrayBuffer());
    iconType = sniffImageType(iconBytes);
    if (!iconType || !ICON_TYPES.has(iconType)) throw validationError([{ loc: ['body', 'icon'], msg: ICON_INVALID, type: 'image_type' }]);
  }
  const changes: Record<string, unknown> = { ...update };
  if (iconBytes && iconType) {
    const name = icon instanceof File ? icon.name.slice(0, 255) : 'icon';
    changes.customIconUrl = uploadUrl(await saveBlob({ schoolId, contentType: iconType, filename: name, data: iconBytes, isPublic: true }));
  }
  // Only the fields sent are merged into the saved object, in the statement itself, so two staff
  // saving different fields at the same moment both keep their change.
  const db = await getDb();
  const [written] = await db
    .insert(widgetStyling)
    .values({ schoolId, styling: changes })
    .onConflictDoUpdate({ target: widgetStyling.schoolId, set: { styling: sql`${widgetStyling.styling} || excluded.styling`, updatedAt: sql`now()` } })
    .returning({ styling: widgetStyling.styling });
  return withStylingDefaults(written?.styling, brand);
}
