import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { chatbotSettings, schools } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import { isDevelopmentInstall } from './access';
import { allowedSitesNow, developmentOpen } from './origins';
import type { AllowedOriginsInput, SetupSettingsInput } from './schema';

async function settingsRow(schoolId: number) {
  const db = await getDb();
  const [row] = await db.select().from(chatbotSettings).where(eq(chatbotSettings.schoolId, schoolId)).limit(1);
  return row ?? null;
}

const settingsView = (row: Awaited<ReturnType<typeof settingsRow>>) => ({
  enable_widget_logging: row?.enableWidgetLogging ?? true,
  retention_days: row?.retentionDays ?? 90,
  auto_delete_enabled: row?.autoDeleteEnabled ?? false,
});

/** GET /setup/settings: `{data: {settings}}` (spec 002 §7.7). */
export async function getSetupSettings(ctx: AuthContext) {
  return { data: { settings: settingsView(await settingsRow(requireSchoolId(ctx))) } };
}

/** PUT /setup/settings: saving sets auto-delete on (spec 002 §2.5). */
export async function putSetupSettings(ctx: AuthContext, input: SetupSettingsInput) {
  const schoolId = requireSchoolId(ctx);
  const values = { enableWidgetLogging: input.enable_widget_logging, retentionDays: input.retention_days, autoDeleteEnabled: true, updatedAt: new Date() };
  const db = await getDb();
  const [row] = await db.insert(chatbotSettings).values({ schoolId, ...values }).onConflictDoUpdate({ target: chatbotSettings.schoolId, set: values }).returning();
  return { data: { settings: settingsView(row!) }, message: 'Settings saved successfully' };
}

/**
 * GET /chatbot/allowed-origins: the school's website (always allowed, with its subdomains), its
 * list, and what the widget API lets in right now (`allowed_now`), with whether the development
 * convenience (localhost and pages opened from disk) is on (`development_open`).
 */
export async function getAllowedOrigins(ctx: AuthContext) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [[school], row] = await Promise.all([db.select({ websiteUrl: schools.websiteUrl }).from(schools).where(eq(schools.id, schoolId)).limit(1), settingsRow(schoolId)]);
  // The same policy authorizeWidget builds for this school's key.
  const policy = { websiteUrl: school?.websiteUrl ?? null, allowedOrigins: row?.allowedOrigins ?? [], development: isDevelopmentInstall() };
  return {
    website_url: policy.websiteUrl,
    allowed_origins: policy.allowedOrigins,
    development_install: policy.development,
    development_open: developmentOpen(policy),
    allowed_now: allowedSitesNow(policy),
  };
}

/** PUT /chatbot/allowed-origins. */
export async function putAllowedOrigins(ctx: AuthContext, input: AllowedOriginsInput) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  await db
    .insert(chatbotSettings)
    .values({ schoolId, allowedOrigins: input.allowed_origins })
    .onConflictDoUpdate({ target: chatbotSettings.schoolId, set: { allowedOrigins: input.allowed_origins, updatedAt: new Date() } });
  return getAllowedOrigins(ctx);
}
