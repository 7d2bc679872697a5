import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js';
import { z } from 'zod';
import { singleLine } from '@/lib/text/single-line';
import { LEAD_FIELDS, type LeadData, type LeadFieldKey } from './fields';

/** A visitor's chat session, as the widget names it (chat, events and the quick info card). */
export const sessionIdField = z
  .string({ error: 'session_id must be text' })
  .trim()
  .min(1, 'session_id is required')
  .max(100, 'session_id is at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'session_id may hold letters, digits, - and _ only');

// How each lead field's value is checked when a visitor types it into the quick info card. Phone
// numbers are kept in E.164 so the same person is recognised however they wrote it.

// Names and other single-line text: no line breaks, no bidirectional controls (lib/text/single-line.ts).
const text = (label: string, max = 100) =>
  singleLine(z.string({ error: `${label} must be text` }).trim().max(max, `${label} is at most ${max} characters`), `${label} cannot contain line breaks or other control characters`);
const email = (label: string) => z.string({ error: `${label} must be text` }).trim().toLowerCase().pipe(z.email(`Please enter a valid ${label.toLowerCase()}`));
const phone = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .refine((v) => isValidPhoneNumber(v, 'US'), `Please enter a valid ${label.toLowerCase()}`)
    .transform((v) => parsePhoneNumberWithError(v, 'US').number as string);
const yesNo = (label: string) => z.boolean({ error: `${label} must be yes or no` });
const thisYear = () => new Date().getUTCFullYear();

export const LEAD_VALUE_SCHEMAS: Record<LeadFieldKey, z.ZodType> = {
  first_name: text('First name'),
  last_name: text('Last name'),
  preferred_name: text('Preferred name'),
  email: email('Email address'),
  phone: phone('Phone number'),
  phone_type: z.enum(['mobile', 'home', 'work'], { error: 'Phone type must be mobile, home or work' }),
  graduation_year: z.coerce
    .number({ error: 'Graduation year must be a year' })
    .int('Graduation year must be a year')
    .refine((y) => y >= 1950 && y <= thisYear() + 8, 'Please enter a graduation year between 1950 and eight years from now'),
  intended_major: z
    .union([z.array(text('Intended major', 200)), text('Intended major', 500)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((m) => m.trim()).filter(Boolean).slice(0, 10)),
  degree_level: z.enum(['associate', 'bachelor', 'master', 'doctorate', 'certificate'], { error: 'Degree level must be associate, bachelor, master, doctorate or certificate' }),
  state_province: text('State/Province', 100),
  parent_email: email('Parent email address'),
  parent_phone: phone('Parent phone number'),
  date_of_birth: z
    .string({ error: 'Date of birth must be a date' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD)')
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && d.getTime() < Date.now();
    }, 'Please enter a real date of birth'),
  // Kept to two decimals: a GPA of 1e-300 would underflow Postgres's real column (a 500 the route-matrix fuzzer found).
  gpa: z.coerce
    .number({ error: 'GPA must be a number' })
    .min(0, 'GPA must be between 0 and 5')
    .max(5, 'GPA must be between 0 and 5')
    .transform((v) => Math.round(v * 100) / 100),
  opt_in_email: yesNo('Email opt-in'),
  opt_in_sms: yesNo('SMS opt-in'),
  opt_in_phone: yesNo('Phone opt-in'),
};

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** The quick info card's body: the session, then any lead field; blanks are dropped, bad values refused. */
export const quickInfoCardSchema = z
  .object({ session_id: sessionIdField })
  .catchall(z.unknown())
  .transform((body, ctx) => {
    const data: LeadData = {};
    for (const [key, value] of Object.entries(body)) {
      if (key === 'session_id' || isBlank(value)) continue;
      if (!Object.hasOwn(LEAD_FIELDS, key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `Unknown lead field "${key}"` });
        continue;
      }
      const parsed = LEAD_VALUE_SCHEMAS[key as LeadFieldKey].safeParse(value);
      if (parsed.success) (data as Record<string, unknown>)[key] = parsed.data;
      else for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [key, ...issue.path.map(String)], message: issue.message });
    }
    return { session_id: body.session_id, data };
  });
export type QuickInfoCardInput = z.output<typeof quickInfoCardSchema>;
