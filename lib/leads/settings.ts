import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { leadGenSettings } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import { LEAD_FIELDS } from './fields';
import { leadGenView, type LeadGenSettingsInput, type LeadGenSettingsView } from './schema';

export async function loadLeadGenSettings(schoolId: number): Promise<LeadGenSettingsView> {
  const db = await getDb();
  const [row] = await db.select().from(leadGenSettings).where(eq(leadGenSettings.schoolId, schoolId)).limit(1);
  return leadGenView(row);
}

/** GET /lead-gen/settings: the saved settings, or the defaults (disabled, conversational). */
export async function getLeadGenSettings(ctx: AuthContext): Promise<LeadGenSettingsView> {
  return loadLeadGenSettings(requireSchoolId(ctx));
}

/** PUT /lead-gen/settings: the whole settings object. */
export async function putLeadGenSettings(ctx: AuthContext, input: LeadGenSettingsInput): Promise<LeadGenSettingsView> {
  const schoolId = requireSchoolId(ctx);
  const values = {
    enabled: input.enabled,
    collectionMode: input.collection_mode,
    fieldOrder: input.field_order,
    fieldSettings: input.field_settings,
    minimumRequirements: input.minimum_requirements,
    collectionInstructions: input.collection_instructions,
    smartCardInstructions: input.smart_card_instructions,
    updatedAt: new Date(),
  };
  const db = await getDb();
  const [row] = await db.insert(leadGenSettings).values({ schoolId, ...values }).onConflictDoUpdate({ target: leadGenSettings.schoolId, set: values }).returning();
  return leadGenView(row);
}

/** GET /lead-gen/field-definitions. */
export function leadFieldDefinitions() {
  return { fields: Object.fromEntries(Object.entries(LEAD_FIELDS).map(([key, f]) => [key, { label: f.label, description: f.description }])) };
}
