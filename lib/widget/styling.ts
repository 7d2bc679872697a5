import { z } from 'zod';
import { LANGUAGES } from './language';
import { readableText, RECOMMENDED_CONTRAST } from './contrast';

// Every styling field with its default. No server imports: the styling
// editor, the config call and the widget's types share it.

export const FONT_CHOICES = ['inherit', 'Arial', 'Georgia', 'Times New Roman', 'Verdana', 'Helvetica'] as const;
export const BUTTON_ICONS = ['chat-bubble', 'message', 'question', 'help', 'robot', 'support', 'info', 'sparkles', 'graduation', 'school', 'custom'] as const;
export const BUTTON_ANIMATIONS = ['none', 'pulse', 'glow', 'bounce', 'ripple', 'wiggle', 'shimmer', 'rotate'] as const;
/** Seconds between runs of the button's animation; 0 is continuous and 9999999 once on page load. */
export const ANIMATION_INTERVALS = [0, 1, 2, 3, 4, 5, 10, 15, 20, 30, 45, 60, 120, 9999999] as const;
export const ANIMATION_ONCE = 9999999;
export const PROMPT_DELAYS = [0, 5, 10, 20, 30, 60, 120, 180, 240, 300, 600] as const;
export const PROMPT_DURATIONS = [5, 10, 20, 30] as const;
/** Seconds between repeats of the prompt bubble; 0 is never. */
export const PROMPT_REPEATS = [0, 30, 60, 120, 180, 240, 300, 600] as const;
export const PROMPT_MESSAGE_MAX = 200;

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are #rrggbb').transform((v) => v.toLowerCase());
const font = z.enum(FONT_CHOICES);
const oneOf = <T extends readonly number[]>(values: T, message: string) =>
  z.number().refine((v) => (values as readonly number[]).includes(v), message);

export const stylingSchema = z.object({
  primaryColor: color.default('#007bff'),
  secondaryColor: color.default('#6c757d'),
  textColor: color.default('#ffffff'),
  buttonIcon: z.enum(BUTTON_ICONS).default('chat-bubble'),
  // An uploaded icon (/uploads/{id}) or a web address; the loader shows nothing else.
  customIconUrl: z
    .string()
    .max(2048)
    .regex(/^(\/uploads\/[A-Za-z0-9-]+|https?:\/\/\S+)$/, 'The icon address is an uploaded icon or a web address')
    .nullable()
    .default(null),
  buttonPosition: z.enum(['bottom-right', 'bottom-left']).default('bottom-right'),
  buttonSize: z.enum(['small', 'medium', 'large']).default('medium'),
  borderRadius: z.enum(['square', 'rounded', 'circle']).default('rounded'),
  aiBubbleBgColor: color.default('#f1f3f5'),
  aiBubbleTextColor: color.default('#212529'),
  aiBubbleFontFamily: font.default('inherit'),
  userBubbleBgColor: color.default('#007bff'),
  userBubbleTextColor: color.default('#ffffff'),
  userBubbleFontFamily: font.default('inherit'),
  quickCardPrimaryColor: color.default('#007bff'),
  quickCardSecondaryColor: color.default('#f8f9fa'),
  quickCardInputBgColor: color.default('#ffffff'),
  quickCardInputTextColor: color.default('#212529'),
  quickCardInputFontFamily: font.default('inherit'),
  quickCardLinkColor: color.default('#007bff'),
  quickCardLinkButtonBgColor: color.default('#007bff'),
  quickCardLinkButtonTextColor: color.default('#ffffff'),
  headerTextColor: color.default('#ffffff'),
  headerFontFamily: font.default('inherit'),
  buttonTextColor: color.default('#ffffff'),
  buttonFontFamily: font.default('inherit'),
  chatInputAreaBgColor: color.default('#ffffff'),
  chatInputBgColor: color.default('#f8f9fa'),
  chatInputTextColor: color.default('#212529'),
  chatInputFontFamily: font.default('inherit'),
  avatarSize: z.enum(['none', 'small', 'medium', 'large']).default('small'),
  userAvatarStyle: z.enum(['none', 'letter', 'circle', 'square', 'diamond']).default('letter'),
  buttonTextContent: z.string().trim().max(40, 'The button label is at most 40 characters').default(''),
  buttonTextLabelFontFamily: font.default('inherit'),
  buttonTextLabelFontSize: z.enum(['12px', '14px', '16px', '18px']).default('14px'),
  buttonTextLabelColor: color.default('#212529'),
  buttonTextLabelBgColor: color.default('#ffffff'),
  buttonAnimation: z.enum(BUTTON_ANIMATIONS).default('none'),
  animationInterval: oneOf(ANIMATION_INTERVALS, 'Choose one of the animation intervals').default(5),
  promptEnabled: z.boolean().default(true),
  promptDelaySeconds: oneOf(PROMPT_DELAYS, 'Choose one of the prompt delays').default(30),
  promptMessage: z.string().trim().max(PROMPT_MESSAGE_MAX, `The prompt message is at most ${PROMPT_MESSAGE_MAX} characters`).default('Hi there! Have any questions? I’m here to help.'),
  promptDurationSeconds: oneOf(PROMPT_DURATIONS, 'Choose one of the prompt durations').default(10),
  promptRepeatInterval: oneOf(PROMPT_REPEATS, 'Choose one of the repeat intervals').default(0),
  // The widget's language for visitors whose browser language it does not have.
  defaultLanguage: z.enum(LANGUAGES, { error: 'Choose one of the widget languages' }).default('en'),
});

export type WidgetStyling = z.output<typeof stylingSchema>;

/** The saved styling over the defaults; a field saved under an older rule falls back to its default. */
/** The school's colours from its profile (School > Branding). */
export type Branding = { primary: string; secondary: string; tertiary: string };

/**
 * The widget's first colours from the school's branding: its primary colour on the launcher, the
 * header, the visitor's bubbles and the card's buttons, with white or near-black text, whichever
 * reads at 4.5:1. Nothing when the profile still has its own untouched colours.
 */
export function brandingDefaults(brand: Branding | null | undefined): Partial<WidgetStyling> {
  const primary = brand?.primary.toLowerCase() ?? '';
  if (!/^#[0-9a-f]{6}$/.test(primary)) return {};
  if (primary === '#000000' && brand!.secondary.toLowerCase() === '#ffffff' && brand!.tertiary.toLowerCase() === '#cccccc') return {};
  const onPrimary = readableText('#ffffff', primary, RECOMMENDED_CONTRAST);
  const link = readableText(primary, '#f8f9fa', RECOMMENDED_CONTRAST);
  return {
    primaryColor: primary,
    textColor: onPrimary,
    headerTextColor: onPrimary,
    buttonTextColor: onPrimary,
    userBubbleBgColor: primary,
    userBubbleTextColor: onPrimary,
    quickCardPrimaryColor: primary,
    quickCardLinkColor: link,
    quickCardLinkButtonBgColor: primary,
    quickCardLinkButtonTextColor: onPrimary,
  };
}

/** Every field: what the school saved, else its branding's colours, else the spec's defaults. */
export function withStylingDefaults(saved: Record<string, unknown> | null | undefined, brand?: Branding | null): WidgetStyling {
  const base = { ...stylingSchema.parse({}), ...brandingDefaults(brand) };
  if (!saved) return base;
  const out: Record<string, unknown> = { ...base };
  const shape = stylingSchema.shape as Record<string, z.ZodType>;
  for (const [key, value] of Object.entries(saved)) {
    const field = shape[key];
    if (!field) continue;
    const parsed = field.safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as WidgetStyling;
}

export const STYLING_FIELDS = Object.keys(stylingSchema.shape) as (keyof WidgetStyling)[];

/**
 * POST /widget-styling's `styling` JSON: any subset of the fields (a field left out keeps its saved
 * value), each checked by its own rule; an unknown key is refused.
 */
export const stylingUpdateSchema = z
  .object(
    Object.fromEntries(
      Object.entries(stylingSchema.shape).map(([key, field]) => [key, (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)).optional()]),
    ) as { [K in keyof WidgetStyling]: z.ZodOptional<z.ZodType<WidgetStyling[K]>> },
  )
  .strict();
export type StylingUpdate = Partial<WidgetStyling>;

export const ICON_MAX_BYTES = 5 * 1024 * 1024;
export const ICON_TOO_LARGE = 'Icon file must be less than 5MB';
export const ICON_INVALID = 'Please upload a PNG or JPG image';
export const STYLING_SAVED = 'Styling settings saved successfully!';
export const STYLING_SAVE_FAILED = 'Failed to save settings. Please try again.';
