import 'server-only';
import { leadGenSettings } from '@/db/schema';
import { schoolSettings } from '@/lib/schools/settings';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import { LEAD_FIELDS } from './fields';
import { leadGenView, type LeadGenSettingsInput, type LeadGenSettingsView, type LeadGenStored } from './schema';

const store = schoolSettings<LeadGenStored>(leadGenSettings, ['enabled', 'collection_mode', 'field_order', 'field_settings', 'minimum_requirements', 'collection_instructions', 'smart_card_instructions']);

export async function loadLeadGenSettings(schoolId: number): Promise<LeadGenSettingsView> {
  return leadGenView(await store.read(schoolId));
}

/** GET /lead-gen/settings: the saved settings, or the defaults (disabled, conversational). */
export async function getLeadGenSettings(ctx: AuthContext): Promise<LeadGenSettingsView> {
  return loadLeadGenSettings(requireSchoolId(ctx));
}

/** PUT /lead-gen/settings: the whole settings object. */
export async function putLeadGenSettings(ctx: AuthContext, input: LeadGenSettingsInput): Promise<LeadGenSettingsView> {
  return leadGenView(await store.write(requireSchoolId(ctx), input));
}

/** GET /lead-gen/field-definitions. */
export function leadFieldDefinitions() {
  return { fields: Object.fromEntries(Object.entries(LEAD_FIELDS).map(([key, f]) => [key, { label: f.label, description: f.description }])) };
}
