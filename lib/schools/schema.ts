import { z } from 'zod';

// The school profile and fact sheet: values, defaults and form rules.
// No server imports: shared by forms, actions and routes.
export const CLASSIFICATIONS = ['2_year', '4_year', 'mixed'] as const;
export const DEGREE_LEVELS = ['certificate', 'associate', 'bachelor', 'master', 'doctorate'] as const;
export const INSTITUTION_CONTROLS = ['public', 'private'] as const;
export const TAX_STATUSES = ['non_profit', 'for_profit'] as const;
export const FONT_FAMILIES = ['Inter', 'Arial', 'Helvetica', 'Georgia', 'Times New Roman', 'Roboto', 'Open Sans', 'Lato', 'Montserrat', 'Poppins', 'Source Sans Pro', 'Nunito'] as const;
export const SOCIAL_NETWORKS = ['Facebook', 'Twitter', 'Instagram', 'LinkedIn', 'YouTube', 'TikTok'] as const;

export const SCHOOL_DEFAULTS = {
  classification: '4_year',
  degree_levels: ['bachelor'],
  institution_control: 'public',
  tax_status: 'non_profit',
  primary_color: '#000000',
  secondary_color: '#ffffff',
  tertiary_color: '#cccccc',
  font_family: 'Inter',
} as const;

export function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

const httpUrl = (message: string) => z.string().trim().max(2048, 'URL must be at most 2048 characters').refine(isHttpUrl, message);

/** Empty text means "not set". */
const optionalUrl = (message: string) => z.union([z.literal('').transform(() => null), httpUrl(message), z.null()]).optional();
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const name = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters');
const locations = z
  .array(z.string().trim().max(300, 'A location must be at most 300 characters'), { error: 'Locations must be a list' })
  .max(50, 'At most 50 locations')
  .transform((list) => list.filter((l) => l !== ''));
const websiteUrl = optionalUrl('Website must be a valid URL starting with http:// or https://');
const classification = z.enum(CLASSIFICATIONS, { error: 'Choose a classification: 2_year, 4_year or mixed' });
const degreeLevels = z
  .array(z.enum(DEGREE_LEVELS, { error: 'Unknown degree level' }), { error: 'Degree levels must be a list' })
  .min(1, 'Choose at least one degree level')
  .transform((list) => [...new Set(list)]);
const institutionControl = z.enum(INSTITUTION_CONTROLS, { error: 'Choose public or private' });
const taxStatus = z.enum(TAX_STATUSES, { error: 'Choose non_profit or for_profit' });
const colour = (label: string) => z.string({ error: `${label} is required` }).trim().regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour like #1a2b3c`).transform((v) => v.toLowerCase());

export const contactPointSchema = z.object({
  name: optionalText('Contact name', 200),
  phone: optionalText('Phone', 40),
  email: z.union([z.literal('').transform(() => null), z.string().trim().pipe(z.email('Enter a valid e-mail address')), z.null()]).optional(),
  website: optionalUrl('Contact website must be a valid URL'),
});
export type ContactPointInput = z.input<typeof contactPointSchema>;

/** Contact points whose four fields are all empty are dropped before saving. */
const contactPoints = z
  .array(contactPointSchema, { error: 'Contact points must be a list' })
  .max(30, 'At most 30 contact points')
  .transform((list) =>
    list
      .map((c) => ({ name: c.name ?? null, phone: c.phone ?? null, email: c.email ?? null, website: c.website ?? null }))
      .filter((c) => c.name || c.phone || c.email || c.website),
  );

/** "facebook.com/ourschool" is what people paste: a bare address gets https:// in front. */
export const withScheme = (v: unknown) => (typeof v === 'string' && /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(v.trim()) ? `https://${v.trim()}` : v);

// Each network's link is checked on its own, so a refusal names the field it is about.
const socialLink = (network: string) =>
  z.preprocess(withScheme, z.union([z.literal(''), httpUrl(`${network} link must be a web address, like https://www.${network.toLowerCase()}.com/yourschool`), z.null()])).optional();
const socialShape = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, socialLink(n)])) as { [N in (typeof SOCIAL_NETWORKS)[number]]: ReturnType<typeof socialLink> };
const socialLinks = z
  .strictObject(socialShape, { error: `Networks are ${SOCIAL_NETWORKS.join(', ')}` })
  .transform((links) => Object.fromEntries(Object.entries(links).filter(([, url]) => !!url)) as Record<string, string>);

/** The zone the school's days are counted in: an IANA name such as America/New_York (or UTC). */
export function isTimeZone(v: string): boolean {
  if (!/^(UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+\-]+)+)$/.test(v)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_TIME_ZONE = 'UTC';
export const timeZoneField = z
  .string({ error: 'Time zone must be an IANA time zone name such as America/New_York' })
  .trim()
  .max(64, 'Time zone must be an IANA time zone name such as America/New_York')
  .refine(isTimeZone, 'Time zone must be an IANA time zone name such as America/New_York');

/** The zones offered in School Info: the runtime's IANA list, UTC first. */
export function timeZoneOptions(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIME_ZONE, ...names.filter((n) => n !== DEFAULT_TIME_ZONE && isTimeZone(n))];
}

// The six sections of School Management, each its own PATCH.
export const basicSectionSchema = z.object({ name, locations: locations.optional(), website_url: websiteUrl, mascot: optionalText('Mascot', 200), time_zone: timeZoneField.optional() });
export const classificationSectionSchema = z.object({
  classification,
  degree_levels: degreeLevels,
  institution_control: institutionControl,
  tax_status: taxStatus,
  religious_affiliation: optionalText('Religious affiliation', 200),
  accreditation_info: optionalText('Accreditation', 2000),
});
export const brandingSectionSchema = z.object({
  primary_color: colour('Primary colour'),
  secondary_color: colour('Secondary colour'),
  tertiary_color: colour('Tertiary colour'),
  font_family: z.enum(FONT_FAMILIES, { error: 'Choose one of the listed fonts' }),
});
export const contactSectionSchema = z.object({ contact_points: contactPoints });
export const tuitionSectionSchema = z.object({ tuition_info: optionalText('Tuition information', 10_000), tuition_instructions: optionalText('Tuition instructions', 5_000) });
export const socialSectionSchema = z.object({ social_media_links: socialLinks });

export const SECTIONS = {
  basic: { label: 'School Info', schema: basicSectionSchema },
  classification: { label: 'Classification', schema: classificationSectionSchema },
  branding: { label: 'Branding', schema: brandingSectionSchema },
  contact: { label: 'Contact Info', schema: contactSectionSchema },
  tuition: { label: 'Tuition', schema: tuitionSectionSchema },
  social: { label: 'Social Media', schema: socialSectionSchema },
} as const;
export type SectionKey = keyof typeof SECTIONS;
export const SECTION_KEYS = Object.keys(SECTIONS) as SectionKey[];

export const schoolCreateSchema = z.object({
  name,
  locations: locations.default([]),
  website_url: websiteUrl,
  classification: classification.default(SCHOOL_DEFAULTS.classification),
  degree_levels: degreeLevels.default([...SCHOOL_DEFAULTS.degree_levels]),
  institution_control: institutionControl.default(SCHOOL_DEFAULTS.institution_control),
  tax_status: taxStatus.default(SCHOOL_DEFAULTS.tax_status),
  // Not in the spec's create payload, but School Info's create form asks for it.
  mascot: optionalText('Mascot', 200),
  time_zone: timeZoneField.default(DEFAULT_TIME_ZONE),
});

/** PUT /schools/my-school: the whole profile; omitted optional fields are cleared, required ones keep the create defaults. */
export const schoolUpdateSchema = schoolCreateSchema
  .extend({
    religious_affiliation: optionalText('Religious affiliation', 200),
    accreditation_info: optionalText('Accreditation', 2000),
    primary_color: colour('Primary colour').default(SCHOOL_DEFAULTS.primary_color),
    secondary_color: colour('Secondary colour').default(SCHOOL_DEFAULTS.secondary_color),
    tertiary_color: colour('Tertiary colour').default(SCHOOL_DEFAULTS.tertiary_color),
    font_family: z.enum(FONT_FAMILIES, { error: 'Choose one of the listed fonts' }).default(SCHOOL_DEFAULTS.font_family),
    contact_points: contactPoints.default([]),
    tuition_info: optionalText('Tuition information', 10_000),
    tuition_instructions: optionalText('Tuition instructions', 5_000),
    social_media_links: socialLinks.default({}),
    // Left out, the zone stays as it is (changing it re-counts the reports' days).
    time_zone: timeZoneField.optional(),
  });

export type SchoolCreateInput = z.infer<typeof schoolCreateSchema>;
export type SchoolUpdateInput = z.infer<typeof schoolUpdateSchema>;

/** Fact sheet list items: split on commas, trimmed, empties dropped. */
export function splitItems(values: string[]): string[] {
  const out: string[] = [];
  for (const v of values) for (const part of v.split(',')) if (part.trim()) out.push(part.trim());
  return [...new Set(out)];
}

const itemList = (label: string) =>
  z
    .array(z.string().max(300, `${label}: an item must be at most 300 characters`), { error: `${label} must be a list` })
    .max(500, `${label}: at most 500 items`)
    .default([])
    .transform(splitItems);

export const deadlineSchema = z.object({
  name: z.string({ error: 'A deadline needs a name' }).trim().min(1, 'A deadline needs a name').max(200, 'Deadline name must be at most 200 characters'),
  date: z
    .string({ error: 'A deadline needs a date' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A deadline needs a date (YYYY-MM-DD)')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Enter a real calendar date'),
  description: optionalText('Deadline description', 1000),
});

export const factSheetSchema = z.object({
  programs: itemList('Programs'),
  athletic_teams: itemList('Athletic teams'),
  student_clubs: itemList('Student clubs'),
  important_deadlines: z.array(deadlineSchema, { error: 'Important deadlines must be a list' }).max(200, 'At most 200 deadlines').default([]),
});
export type FactSheetInput = z.infer<typeof factSheetSchema>;
export type FactSheetView = { programs: string[]; athletic_teams: string[]; student_clubs: string[]; important_deadlines: { name: string; date: string; description: string | null }[] };

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
