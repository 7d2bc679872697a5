import { z } from 'zod';
import { ASK_LEVELS, COLLECTION_MODES, type AskLevel, type CollectionMode } from '@/db/schema/lead-values';
import { DEFAULT_FIELD_ORDER, DEFAULT_MINIMUM_REQUIREMENTS, isLeadField, LEAD_FIELD_KEYS, type LeadFieldKey } from './fields';
import { checkRequirements } from './requirements';

// Lead generation settings: how the assistant collects a visitor's details.
// No server imports: the form, the action and the route share it.

export { ASK_LEVELS, COLLECTION_MODES, type AskLevel, type CollectionMode };

export type LeadGenSettingsView = {
  enabled: boolean;
  collection_mode: CollectionMode;
  field_order: LeadFieldKey[];
  field_settings: Record<LeadFieldKey, AskLevel>;
  minimum_requirements: string;
  collection_instructions: string;
  smart_card_instructions: string;
};

export const DEFAULT_COLLECTION_INSTRUCTIONS =
  'Answer the visitor’s question first. Then, when it fits the conversation, ask for one detail at a time so an admissions counsellor can follow up.';
export const DEFAULT_SMART_CARD_INSTRUCTIONS = 'Share a few details and an admissions counsellor will follow up with information tailored to you.';

/**
 * What a school that never saved its lead settings gets: collection on, with the short quick info
 * card (first name, e-mail or phone, graduation year) after the first answer, so the visitors of a
 * school that sets up and leaves still reach admissions.
 */
const SHORT_CARD: LeadFieldKey[] = ['first_name', 'email', 'phone', 'graduation_year'];
export const LEAD_GEN_DEFAULTS: LeadGenSettingsView = {
  enabled: true,
  collection_mode: 'smart_card',
  field_order: SHORT_CARD,
  field_settings: normalizeFieldSettings(SHORT_CARD, { first_name: 'ask_once', email: 'ask_once', phone: 'ask_once', graduation_year: 'ask_once' }),
  minimum_requirements: DEFAULT_MINIMUM_REQUIREMENTS,
  collection_instructions: DEFAULT_COLLECTION_INSTRUCTIONS,
  smart_card_instructions: DEFAULT_SMART_CARD_INSTRUCTIONS,
};

const fieldKey = z.enum(LEAD_FIELD_KEYS as [LeadFieldKey, ...LeadFieldKey[]], {
  error: (issue) => (typeof issue.input === 'string' ? `Unknown lead field "${issue.input}"` : 'A lead field name is a string'),
});
const askLevel = z.enum(ASK_LEVELS, { error: 'Ask level must be critical, ask_thrice, ask_twice, ask_once, natural or never' });

/**
 * The Lead Gen tab's ask-level rules, on the server too: a field left out of the order is never
 * asked; a field in the order without a level is asked once.
 */
export function normalizeFieldSettings(order: LeadFieldKey[], settings: Partial<Record<LeadFieldKey, AskLevel>>): Record<LeadFieldKey, AskLevel> {
  const out = {} as Record<LeadFieldKey, AskLevel>;
  for (const key of LEAD_FIELD_KEYS) out[key] = order.includes(key) ? (settings[key] ?? 'ask_once') : 'never';
  return out;
}

/** Every repeat of a field already listed earlier in the order, with its index (empty when none). */
export function duplicateFields(order: readonly string[]): { index: number; message: string }[] {
  return order.flatMap((key, index) => (order.indexOf(key) < index ? [{ index, message: `Field "${key}" is listed more than once` }] : []));
}

// Each field checks itself, so one PUT reports every problem at once (an object-level refinement
// would not run while another field is wrong). Nothing is repaired silently: a duplicate or an
// unknown field is the caller's mistake and answers 422.
export const leadGenSettingsSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }).default(false),
    collection_mode: z.enum(COLLECTION_MODES, { error: 'Collection mode must be conversational or smart_card' }).default('conversational'),
    field_order: z
      .array(fieldKey)
      .superRefine((order, ctx) => {
        for (const d of duplicateFields(order)) ctx.addIssue({ code: 'custom', path: [d.index], message: d.message });
      })
      .default(DEFAULT_FIELD_ORDER),
    // Keys are checked on the raw object: the record parser silently drops a "__proto__" key.
    field_settings: z
      .preprocess((raw, ctx) => {
        if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
          for (const key of Object.keys(raw)) {
            if (!isLeadField(key)) ctx.issues.push({ code: 'custom', path: [key], message: `Unknown lead field "${key}"`, input: raw });
          }
        }
        return raw;
      }, z.partialRecord(fieldKey, askLevel))
      .default({}),
    minimum_requirements: z
      .string()
      .trim()
      .superRefine((expr, ctx) => {
        const problem = checkRequirements(expr);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .default(DEFAULT_MINIMUM_REQUIREMENTS),
    collection_instructions: z.string().trim().max(4000, 'Collection instructions are at most 4000 characters').default(DEFAULT_COLLECTION_INSTRUCTIONS),
    smart_card_instructions: z.string().trim().max(2000, 'Quick info card instructions are at most 2000 characters').default(DEFAULT_SMART_CARD_INSTRUCTIONS),
  })
  .transform((v) => ({ ...v, field_settings: normalizeFieldSettings(v.field_order, v.field_settings) }));

export type LeadGenSettingsInput = z.output<typeof leadGenSettingsSchema>;

/** The settings as stored (lib/schools/settings maps them to the lead_gen_settings columns). */
export type LeadGenStored = {
  enabled: boolean;
  collection_mode: CollectionMode;
  field_order: string[];
  field_settings: Record<string, AskLevel>;
  minimum_requirements: string;
  collection_instructions: string;
  smart_card_instructions: string;
};

/** The saved settings, or the defaults (on, the short quick info card) when none are saved. */
export function leadGenView(saved: LeadGenStored | null | undefined): LeadGenSettingsView {
  if (!saved) return LEAD_GEN_DEFAULTS;
  const order = saved.field_order.filter((k): k is LeadFieldKey => (LEAD_FIELD_KEYS as string[]).includes(k));
  return {
    enabled: saved.enabled,
    collection_mode: saved.collection_mode,
    field_order: order,
    field_settings: normalizeFieldSettings(order, saved.field_settings as Partial<Record<LeadFieldKey, AskLevel>>),
    minimum_requirements: saved.minimum_requirements,
    collection_instructions: saved.collection_instructions,
    smart_card_instructions: saved.smart_card_instructions,
  };
}
