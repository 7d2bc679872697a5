import { z } from 'zod';
import { normalizeOriginEntry } from './origins';

// Chatbot settings shared by the forms, the actions and the REST routes. No server imports.

export const RETENTION_CHOICES = [30, 90, 180, 365] as const;
/** How long a visitor may be away (minutes) and still find their conversation on return. */
export const SESSION_TIMEOUT_CHOICES = [10, 30, 60, 120, 240, 1440] as const;
export const SESSION_TIMEOUT_DEFAULT = 30;

/** PUT /setup/settings: saving turns auto-delete on. */
export const setupSettingsSchema = z.object({
  enable_widget_logging: z.boolean({ error: 'enable_widget_logging must be true or false' }).default(true),
  retention_days: z
    .number({ error: 'Retention must be 30, 90, 180 or 365 days' })
    .refine((v) => (RETENTION_CHOICES as readonly number[]).includes(v), 'Retention must be 30, 90, 180 or 365 days')
    .default(90),
  // Left out, the saved value stays (clients written before it existed keep working).
  session_timeout_minutes: z
    .number({ error: `A conversation continues for ${SESSION_TIMEOUT_CHOICES.join(', ')} minutes` })
    .refine((v) => (SESSION_TIMEOUT_CHOICES as readonly number[]).includes(v), `A conversation continues for ${SESSION_TIMEOUT_CHOICES.join(', ')} minutes`)
    .optional(),
});
export type SetupSettingsInput = z.output<typeof setupSettingsSchema>;

export const MAX_ALLOWED_ORIGINS = 50;

/** Sites besides the school's website that may embed the widget; each entry is normalised. */
export const allowedOriginsSchema = z.object({
  allowed_origins: z
    .array(z.string().max(300, 'A site address is at most 300 characters'))
    .max(MAX_ALLOWED_ORIGINS, `At most ${MAX_ALLOWED_ORIGINS} sites`)
    .transform((entries, ctx) => {
      const out: string[] = [];
      entries.forEach((entry, i) => {
        if (!entry.trim()) return;
        const normal = normalizeOriginEntry(entry);
        if (!normal) ctx.addIssue({ code: 'custom', path: [i], message: `"${entry.trim()}" is not a web site address (for example https://apply.example.edu or *.example.edu)` });
        else if (!out.includes(normal)) out.push(normal);
      });
      return out;
    }),
});
export type AllowedOriginsInput = z.output<typeof allowedOriginsSchema>;
