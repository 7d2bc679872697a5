// WCAG 2.2 contrast (1.4.3, 1.4.11) for the widget's colour pairs. No imports: the loader, the
// chat frame and the Styling tab share it, so it stays a few hundred bytes in the bundles.

/** Relative luminance of a #rrggbb colour (WCAG's formula). */
function luminance(hex: string): number {
  return [0.2126, 0.7152, 0.0722].reduce((sum, weight, i) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return sum + weight * (c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
  }, 0);
}

/** The contrast ratio of two #rrggbb colours, 1 to 21; a value that is not #rrggbb counts as 1. */
export function contrastRatio(a: string, b: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(a) || !/^#[0-9a-f]{6}$/i.test(b)) return 1;
  const x = luminance(a);
  const y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** What the Styling tab recommends for text (WCAG AA for normal text). */
export const RECOMMENDED_CONTRAST = 4.5;
/** The least the widget ever draws (WCAG AA for large text and for icons). */
export const MINIMUM_CONTRAST = 3;

const DARK = '#111111';
const LIGHT = '#ffffff';

/**
 * The text colour the widget draws on `background`: the chosen one when it reaches `minimum`,
 * otherwise near-black or white, whichever reads better on that background.
 */
export function readableText(text: string, background: string, minimum = MINIMUM_CONTRAST): string {
  if (contrastRatio(text, background) >= minimum) return text;
  return contrastRatio(DARK, background) >= contrastRatio(LIGHT, background) ? DARK : LIGHT;
}
