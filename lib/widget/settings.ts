import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { chatbotSettings, schools } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import { recordAudit, staffActor } from '@/lib/audit/record';
import { isDevelopmentInstall } from './access';
import { allowedSitesNow, developmentOpen } from './origins';
import { SESSION_TIMEOUT_DEFAULT, type AllowedOriginsInput, type SetupSettingsInput } from './schema';
import { schoolSettings } from '@/lib/schools/settings';

/** The chatbot's settings row (logging, retention, the sites it may run on), read and written through the one settings pattern. */
export type ChatbotSettings = { enable_widget_logging: boolean; retention_days: number; auto_delete_enabled: boolean; allowed_origins: string[]; session_timeout_minutes: number };
export const CHATBOT_DEFAULTS: ChatbotSettings = { enable_widget_logging: true, retention_days: 90, auto_delete_enabled: false, allowed_origins: [], session_timeout_minutes: SESSION_TIMEOUT_DEFAULT };
export const chatbotSettingsStore = schoolSettings<ChatbotSettings>(chatbotSettings, ['enable_widget_logging', 'retention_days', 'auto_delete_enabled', 'allowed_origins', 'session_timeout_minutes']);

const loggingView = ({ enable_widget_logging, retention_days, auto_delete_enabled, session_timeout_minutes }: ChatbotSettings) => ({ enable_widget_logging, retention_days, auto_delete_enabled, session_timeout_minutes });

/** GET /setup/settings: `{data: {settings}}`. */
export async function getSetupSettings(ctx: AuthContext) {
  const { value } = await chatbotSettingsStore.readWithDefaults(requireSchoolId(ctx), CHATBOT_DEFAULTS);
  return { data: { settings: loggingView(value) } };
}

/** One entry for these settings when any of them changed: each changed one, from and to. */
async function auditChanged(ctx: AuthContext, schoolId: number, action: 'settings.logging_changed' | 'settings.retention_changed', before: ChatbotSettings, after: ChatbotSettings, keys: (keyof ChatbotSettings)[]) {
  const changed = keys.filter((k) => before[k] !== after[k]);
  if (!changed.length) return;
  const details = Object.fromEntries(changed.map((k) => [k, { from: before[k], to: after[k] }]));
  await recordAudit({ action, actor: staffActor(ctx), schoolId, target: { type: 'school', id: schoolId }, details });
}

/** PUT /setup/settings: saving sets auto-delete on. */
export async function putSetupSettings(ctx: AuthContext, input: SetupSettingsInput) {
  const schoolId = requireSchoolId(ctx);
  const { value: before } = await chatbotSettingsStore.readWithDefaults(schoolId, CHATBOT_DEFAULTS);
  const saved = await chatbotSettingsStore.write(schoolId, {
    enable_widget_logging: input.enable_widget_logging,
    retention_days: input.retention_days,
    session_timeout_minutes: input.session_timeout_minutes,
    auto_delete_enabled: true,
  });
  // The settings store writes on its own connection: the entries follow the saved row.
  await auditChanged(ctx, schoolId, 'settings.logging_changed', before, saved, ['enable_widget_logging', 'session_timeout_minutes']);
  await auditChanged(ctx, schoolId, 'settings.retention_changed', before, saved, ['retention_days', 'auto_delete_enabled']);
  return { data: { settings: loggingView(saved) }, message: 'Settings saved successfully' };
}

/**
 * GET /chatbot/allowed-origins: the school's website (always allowed, with its subdomains), its
 * list, and what the widget API lets in right now (`allowed_now`), with whether the development
 * convenience (localhost and pages opened from disk) is on (`development_open`).
 */
export async function getAllowedOrigins(ctx: AuthContext) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [[school], { value: settings }] = await Promise.all([db.select({ websiteUrl: schools.websiteUrl }).from(schools).where(eq(schools.id, schoolId)).limit(1), chatbotSettingsStore.readWithDefaults(schoolId, CHATBOT_DEFAULTS)]);
  // The same policy authorizeWidget builds for this school's key.
  const policy = { websiteUrl: school?.websiteUrl ?? null, allowedOrigins: settings.allowed_origins, development: isDevelopmentInstall() };
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
  await chatbotSettingsStore.write(requireSchoolId(ctx), { allowed_origins: input.allowed_origins });
  return getAllowedOrigins(ctx);
}
