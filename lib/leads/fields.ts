import type { AskLevel } from '@/db/schema/lead-values';

// The lead fields a chat can collect, with the label and description staff see
// (GET /lead-gen/field-definitions) and the input type the quick info card uses. No server imports.

export type LeadFieldType = 'text' | 'email' | 'tel' | 'number' | 'date' | 'boolean' | 'list';
export type LeadFieldDefinition = { label: string; description: string; type: LeadFieldType };

export const LEAD_FIELDS = {
  first_name: { label: 'First Name', description: "The visitor's first (given) name", type: 'text' },
  last_name: { label: 'Last Name', description: "The visitor's last (family) name", type: 'text' },
  preferred_name: { label: 'Preferred Name', description: 'The name the visitor likes to be called', type: 'text' },
  email: { label: 'Email', description: "The visitor's e-mail address", type: 'email' },
  phone: { label: 'Phone', description: "The visitor's phone number", type: 'tel' },
  phone_type: { label: 'Phone Type', description: 'Mobile, home or work', type: 'text' },
  graduation_year: { label: 'Graduation Year', description: 'The year the student finishes (or finished) high school', type: 'number' },
  intended_major: { label: 'Intended Major', description: 'Programs or majors the student is interested in', type: 'list' },
  degree_level: { label: 'Degree Level', description: 'Associate, bachelor, master, doctorate or certificate', type: 'text' },
  state_province: { label: 'State/Province', description: 'Where the student lives', type: 'text' },
  parent_email: { label: 'Parent Email', description: "A parent's or guardian's e-mail address", type: 'email' },
  parent_phone: { label: 'Parent Phone', description: "A parent's or guardian's phone number", type: 'tel' },
  date_of_birth: { label: 'Date of Birth', description: "The student's date of birth", type: 'date' },
  gpa: { label: 'GPA', description: 'Grade point average (0 to 5)', type: 'number' },
  opt_in_email: { label: 'Email Opt-in', description: 'Agrees to receive e-mail from the school', type: 'boolean' },
  opt_in_sms: { label: 'SMS Opt-in', description: 'Agrees to receive text messages from the school', type: 'boolean' },
  opt_in_phone: { label: 'Phone Opt-in', description: 'Agrees to be called by the school', type: 'boolean' },
} as const satisfies Record<string, LeadFieldDefinition>;

export type LeadFieldKey = keyof typeof LEAD_FIELDS;
export const LEAD_FIELD_KEYS = Object.keys(LEAD_FIELDS) as LeadFieldKey[];

export function isLeadField(key: string): key is LeadFieldKey {
  return Object.hasOwn(LEAD_FIELDS, key);
}

/** A captured lead field's value: text, a year or GPA, a list of majors, or an opt-in answer. */
export type LeadValue = string | number | boolean | string[];
export type LeadData = Partial<Record<LeadFieldKey, LeadValue>>;

export const DEFAULT_FIELD_ORDER: LeadFieldKey[] = ['first_name', 'last_name', 'email', 'phone', 'graduation_year', 'intended_major'];
export const DEFAULT_FIELD_SETTINGS: Record<LeadFieldKey, AskLevel> = Object.fromEntries(
  LEAD_FIELD_KEYS.map((k) => [k, 'never' as AskLevel]),
) as Record<LeadFieldKey, AskLevel>;
Object.assign(DEFAULT_FIELD_SETTINGS, { first_name: 'ask_twice', last_name: 'ask_once', email: 'ask_twice', phone: 'ask_once', graduation_year: 'natural', intended_major: 'natural' });

/** The minimum-requirements templates the Lead Gen tab offers (besides Custom, free text). */
export const REQUIREMENT_TEMPLATES = [
  { label: 'Name + Any Contact', expression: 'first_name AND (email OR phone)' },
  { label: 'Name + Email', expression: 'first_name AND email' },
  { label: 'Name + Phone', expression: 'first_name AND phone' },
  { label: 'Full Name + Any Contact', expression: 'first_name AND last_name AND (email OR phone)' },
  { label: 'Email Only', expression: 'email' },
] as const;
export const DEFAULT_MINIMUM_REQUIREMENTS = REQUIREMENT_TEMPLATES[0].expression;

/** How staff read each ask level, in the order the Lead Gen tab lists them. */
export const ASK_LEVEL_LABELS: Record<AskLevel, string> = {
  critical: 'Critical: ask until given',
  ask_thrice: 'Ask up to 3 times',
  ask_twice: 'Ask up to 2 times',
  ask_once: 'Ask once',
  natural: 'Natural: only if it comes up',
  never: 'Never ask',
};
