import { z } from 'zod';

// Action prompts (what the assistant offers a visitor to do): their types and form rules.
// No server imports: shared by the form, the action and the routes.
export const ACTION_TYPE_VALUES = ['link', 'phone', 'email', 'form'] as const;
export const ACTION_TYPE_LABELS: Record<(typeof ACTION_TYPE_VALUES)[number], string> = { link: 'Website Link', phone: 'Phone Number', email: 'Email Address', form: 'Form/Portal' };

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

export function isValidUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** An optional plus, then 1 to 16 digits not starting with 0, once spaces, hyphens and brackets are removed. */
export function isValidActionPhone(v: string): boolean {
  return /^\+?[1-9]\d{0,15}$/.test(v.replace(/[\s\-()]/g, ''));
}

/** Priority 0 to 100; anything that is not a number becomes 0. */
const priority = z.preprocess((v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}, z.number().int().min(0, 'Priority must be between 0 and 100').max(100, 'Priority must be between 0 and 100'));

export const actionPromptSchema = z
  .object({
    name: required('Action name is required', 200),
    target_audience: required('Target audience is required', 300),
    action_description: required('Action description is required', 2000),
    action_type: z.enum(ACTION_TYPE_VALUES, { error: 'Action type must be link, phone, email or form' }).default('link'),
    action_data: required('Action data is required', 2048),
    priority: priority.default(0),
    is_active: z.boolean({ error: 'is_active must be true or false' }).default(true),
  })
  .superRefine((v, ctx) => {
    const bad = (message: string) => ctx.addIssue({ code: 'custom', path: ['action_data'], message });
    if ((v.action_type === 'link' || v.action_type === 'form') && !isValidUrl(v.action_data)) bad('Please enter a valid URL');
    if (v.action_type === 'email' && !z.email().safeParse(v.action_data).success) bad('Please enter a valid email address');
    if (v.action_type === 'phone' && !isValidActionPhone(v.action_data)) bad('Please enter a valid phone number');
  });

export type ActionPromptInput = z.infer<typeof actionPromptSchema>;
export type ActionPromptView = ActionPromptInput & { id: number; created_at: string; updated_at: string };
export const NO_SCHOOL_ACTION_PROMPTS = 'Please create your school information first before adding action prompts.';
